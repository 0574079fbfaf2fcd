/**
 * Registers the service worker (/sw.js, web/service-worker/worker.js) and watches for new
 * versions: loaded by main.tsx once the page has loaded, so neither the worker nor this code
 * competes with the first paint. A built site only (the dev server's modules change under it).
 */
import { holdWaiting, updateAsked } from './app-update';

/** Watches a registration: a worker that finishes installing while another controls the page is a new version. */
export function watchRegistration(registration: ServiceWorkerRegistration, container: ServiceWorkerContainer, reload: () => void): void {
  const hold = (worker: ServiceWorker | null) => {
    if (worker && container.controller) holdWaiting(worker);
  };
  hold(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      if (installing.state === 'installed') hold(installing);
    });
  });
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    // The first install takes no page over; only the tab that asked for the new version reloads
    // (another tab keeps its prompt, and what is typed in it).
    if (reloading || !updateAsked()) return;
    reloading = true;
    reload();
  });
}

/** Registers /sw.js and watches it (main.tsx calls this once the page has loaded). */
export function registerServiceWorker(): void {
  const container = navigator.serviceWorker;
  if (!container || !import.meta.env.PROD) return;
  container
    .register('/sw.js')
    .then((registration) => watchRegistration(registration, container, () => window.location.reload()))
    .catch(() => undefined);
}
