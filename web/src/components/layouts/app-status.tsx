/**
 * What the app says about itself: "A new version is ready: reload" once a new release has
 * installed (lib/app-update.ts); without a network, a banner over the page that was showing (a
 * form half filled in stays), or the offline screen when the app started without one (nothing
 * could load); either goes by itself when the network comes back.
 */
import { useState } from 'react';
import { applyUpdate, useUpdateReady } from '@/lib/app-update';
import { MainContent } from './main-content';

/** The update prompt, while a new version waits and this tab has not put it off. */
export function UpdatePrompt() {
  const ready = useUpdateReady();
  const [later, setLater] = useState(false);
  if (!ready || later) return null;
  return (
    <div role="status" className="fixed inset-x-3 bottom-20 z-40 mx-auto flex max-w-md flex-wrap items-center justify-between gap-3 rounded-lg bg-gray-900 px-4 py-3 text-sm text-white shadow-lg sm:inset-x-auto sm:right-4 sm:bottom-4">
      <span>A new version is ready. Reloading loses anything not yet sent.</span>
      <span className="flex gap-2">
        <button type="button" onClick={() => setLater(true)} className="rounded-md px-3 py-1.5 font-medium text-white underline underline-offset-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white">
          Later
        </button>
        <button
          type="button"
          onClick={applyUpdate}
          className="rounded-md bg-white px-3 py-1.5 font-medium text-gray-900 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          Reload
        </button>
      </span>
    </div>
  );
}

/** Said above the page while the network is gone: what is on screen (and typed) stays. */
export function OfflineBanner() {
  return (
    <p role="status" className="bg-amber-100 px-4 py-2 text-center text-sm text-amber-950">
      You are offline. What you have typed stays here; sending works again when you reconnect.
    </p>
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
