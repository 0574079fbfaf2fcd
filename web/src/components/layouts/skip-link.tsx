/** The first focusable element of every page: jumps over the navigation to the main content. */
export const MAIN_CONTENT_ID = 'main-content';

export function SkipLink() {
  return (
    <a
      href={`#${MAIN_CONTENT_ID}`}
      className="sr-only z-50 rounded-md bg-white px-4 py-2 font-medium text-primary-800 shadow-lg ring-2 ring-primary-700 focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
    >
      Skip to main content
    </a>
  );
}
