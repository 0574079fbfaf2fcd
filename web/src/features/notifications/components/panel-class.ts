/** The notifications panel's frame: under the bell on wider screens, full width under the top bar on phones. */
export const PANEL_CLASS =
  'fixed inset-x-2 top-16 z-50 max-h-[calc(100dvh-5rem)] overflow-y-auto rounded-xl border border-gray-200 bg-white shadow-xl focus:outline-none sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96';
