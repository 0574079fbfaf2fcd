/* global self, caches, fetch, location, Response, PRECACHE, VERSION */
/**
 * The site's service worker (served as /sw.js, with no-cache by both hosts). The build
 * (web/vite.config.ts `serviceWorker`) puts `VERSION` (the build's own) and `PRECACHE` (the app
 * shell: index.html with the entry's scripts and styles, the icons) in front of this file.
 *
 * - Installing caches the app shell; the new worker then waits until the page asks it to take
 *   over (the SPA's "A new version is ready: reload"), so no open tab runs old code against new
 *   chunks. Activating drops the caches of older versions.
 * - Pages: the network first; without a network, the cached shell, whose app shows its offline
 *   screen.
 * - Built assets (`/assets/*`, named by their content): the cache first, kept once fetched.
 * - Nothing else is ever cached or answered by the worker: not /api (answers are per member and
 *   change), not /images, not /dev, not the live socket.
 */
const CACHE = `leafline-shell-${VERSION}`;
const SHELL = '/index.html';

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('leafline-shell-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== location.origin) return;
  if (request.mode === 'navigate') {
    if (/^\/(api|images|dev)(\/|$)/.test(url.pathname)) return;
    event.respondWith(
      fetch(request).catch(() =>
        caches.match(SHELL, { cacheName: CACHE }).then((shell) => shell ?? new Response('You are offline.', { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8' } })),
      ),
    );
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(
      caches.match(request, { cacheName: CACHE }).then(
        (hit) =>
          hit ??
          fetch(request).then((response) => {
            if (!response.ok) return response;
            const copy = response.clone();
            return caches.open(CACHE).then((cache) => cache.put(request, copy)).then(() => response);
          }),
      ),
    );
  }
});
