/** "A new version is ready: reload", shown once a new release has installed (lib/app-update.ts); loaded only then. */
import { applyUpdate } from '@/lib/app-update';

export default function UpdatePrompt() {
  return (
    <div role="status" className="fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md flex-wrap items-center justify-between gap-3 rounded-lg bg-gray-900 px-4 py-3 text-sm text-white shadow-lg sm:inset-x-auto sm:right-4">
      <span>A new version is ready.</span>
      <button
        type="button"
        onClick={applyUpdate}
        className="rounded-md bg-white px-3 py-1.5 font-medium text-gray-900 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        Reload
      </button>
    </div>
  );
}
