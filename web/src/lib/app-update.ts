/**
 * What the page knows of the service worker (registered by lib/service-worker.ts, loaded once the
 * page has): whether a new version has installed and waits, and `applyUpdate` to let it take over
 * (the page then reloads on the new version). Also whether the browser is online, for the offline
 * screen. Kept small: every screen carries it.
 */
import { useSyncExternalStore } from 'react';

let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a new version waits to take over (the page offers "reload"). */
export function useUpdateReady(): boolean {
  return useSyncExternalStore(subscribe, () => waiting !== null, () => false);
}

let asked = false;

/** Lets the waiting version take over; this tab reloads when it does (at once if another tab already let it). */
export function applyUpdate(): void {
  if (!waiting) return;
  asked = true;
  if (waiting.state === 'activated') window.location.reload();
  else waiting.postMessage('skip-waiting');
}

/** Whether this tab asked for the new version (only it reloads when the version takes over). */
export const updateAsked = (): boolean => asked;

/** Holds a new version that has installed and waits (lib/service-worker.ts). */
export function holdWaiting(worker: ServiceWorker): void {
  waiting = worker;
  notify();
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser says it has a network. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, () => navigator.onLine, () => true);
}

/** For tests: forget a waiting version. */
export function resetUpdateForTests(): void {
  waiting = null;
  asked = false;
  notify();
}
