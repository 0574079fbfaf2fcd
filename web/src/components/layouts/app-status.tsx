/**
 * What the app says about itself: "A new version is ready: reload" once a new release has
 * installed (lib/app-update.ts), and the offline screen in place of the page while the browser
 * has no network (what is on screen needs the API; it comes back by itself when the network does).
 */
import { lazy, Suspense } from 'react';
import { useUpdateReady } from '@/lib/app-update';
import { MainContent } from './main-content';

const Prompt = lazy(() => import('./update-prompt'));

/** The update prompt, its code loaded only when a new version waits. */
export function UpdatePrompt() {
  const ready = useUpdateReady();
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <Prompt />
    </Suspense>
  );
}

export function OfflineScreen() {
  return (
    <MainContent className="mx-auto max-w-xl px-4 py-16 text-center">
      <h1 className="text-2xl font-semibold text-gray-900">You are offline</h1>
      <p className="mt-3 text-gray-700">Leafline needs the network to show plants, posts and messages. This page comes back by itself when you reconnect.</p>
      <button
        type="button"
        onClick={() => window.location.reload()}
        // buttonClass('primary') spelled out: the form module stays out of every screen's first load.
        className="mt-6 inline-flex min-h-11 items-center justify-center rounded-md bg-primary-700 px-4 py-2 text-sm font-semibold text-white hover:bg-primary-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-700"
      >
        Try again
      </button>
    </MainContent>
  );
}
