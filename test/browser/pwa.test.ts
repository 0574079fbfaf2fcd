/// <reference lib="dom" />
/**
 * The installable app in Chromium against the local host: the service worker installs and takes
 * the page, caches the app shell and never an API answer; without a network the site still
 * opens, on its offline screen, and comes back by itself with the network; the worker is served
 * uncached, and the manifest names installable icons.
 */
import { describe, expect, inject, it } from 'vitest';
import { browserAvailable, browserContexts, screenshot, seriousA11yViolations } from '../support/browser';

const SLOW = { timeout: 20_000 };

describe.runIf(browserAvailable)('the installable app in Chromium', () => {
  const browser = browserContexts({ viewport: { width: 390, height: 844 } });
  const url = () => inject('hostUrl');

  it('installs a worker that caches the shell, never /api, and opens offline on the offline screen', async () => {
    const { context, page } = await browser.newPage();
    await page.goto(url());
    await page.getByRole('main').waitFor(SLOW);
    // Installed and in control (it claims the page when it activates).
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, SLOW);

    const cached = await page.evaluate(async () => {
      const out: string[] = [];
      for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) out.push(`${name} ${new URL(request.url).pathname}`);
      }
      return out;
    });
    const paths = cached.map((c) => c.split(' ')[1]!);
    expect(cached.every((c) => c.startsWith('leafline-shell-'))).toBe(true);
    expect(paths).toContain('/index.html');
    expect(paths.some((p) => /^\/assets\/index-[\w-]+\.js$/.test(p))).toBe(true);

    // Move around: screens read the API through the worker, which keeps none of it.
    await page.goto(`${url()}/plants`);
    await page.getByRole('main').waitFor(SLOW);
    const afterBrowsing = await page.evaluate(async () => {
      const out: string[] = [];
      for (const name of await caches.keys()) for (const request of await (await caches.open(name)).keys()) out.push(new URL(request.url).pathname);
      return out;
    });
    expect(afterBrowsing.filter((p) => p.startsWith('/api/') || p.startsWith('/images/'))).toEqual([]);

    // The network drops under a page that was showing: a banner says so, and the page stays.
    await context.setOffline(true);
    await page.getByRole('status').filter({ hasText: 'You are offline' }).waitFor(SLOW);
    expect(await page.getByRole('heading', { name: 'You are offline' }).count()).toBe(0);
    expect(await page.getByRole('main').count()).toBeGreaterThan(0);

    // No network: a page still opens, from the cached shell, on the offline screen.
    await page.goto(`${url()}/events`).catch(() => undefined);
    await page.getByRole('heading', { name: 'You are offline' }).waitFor(SLOW);
    expect(await page.getByRole('button', { name: 'Try again' }).isVisible()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'pwa-offline');

    // The network is back: the screen goes by itself.
    await context.setOffline(false);
    await page.getByRole('heading', { name: 'You are offline' }).waitFor({ state: 'detached', ...SLOW });
    await context.close();
  }, 90_000);

  it('serves the worker uncached and the manifest with installable icons', async () => {
    const worker = await fetch(`${url()}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('content-type')).toMatch(/javascript/);
    const source = await worker.text();
    expect(source).toMatch(/^const VERSION = "[0-9a-f]{16}";/);
    const manifest = (await (await fetch(`${url()}/api/site-settings/manifest`)).json()) as { icons: { src: string; sizes: string }[] };
    for (const icon of manifest.icons.filter((i) => i.src.endsWith('.png'))) {
      const res = await fetch(`${url()}${icon.src}`);
      expect(res.status, icon.src).toBe(200);
      expect(res.headers.get('content-type'), icon.src).toBe('image/png');
    }
  });
});
