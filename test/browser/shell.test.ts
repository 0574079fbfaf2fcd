/// <reference lib="dom" />
/** The web shell in a real browser against the local host: the whole path from SPA to table. */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { browserAvailable, launch, screenshot, seriousA11yViolations } from '../support/browser';

describe.runIf(browserAvailable)('web shell in Chromium', () => {
  let browser: Browser;
  let page: Page;
  const url = () => inject('hostUrl');

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
  });

  async function open(path: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
    page = await browser.newPage({ viewport });
    await page.goto(url() + path);
    return page;
  }

  it('home shows the site name and tagline read through the API', async () => {
    // Other suites share this host and may change the tagline: compare with what the API says now.
    const site = (await (await fetch(`${url()}/api/site-settings/get-site`, { headers: { 'client-platform': 'browser' } })).json()) as { data: { name: string; tagline: string } };
    const p = await open('/');
    await expect.poll(() => p.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 }).toContain(site.data.name);
    await expect.poll(() => p.locator('main').textContent(), { timeout: 5_000 }).toContain(site.data.tagline);
    await screenshot(p, 'shell-home-desktop');
    expect(await seriousA11yViolations(p)).toEqual([]);
    await p.close();
  });

  it('home works on a phone-sized screen', async () => {
    const p = await open('/', { width: 390, height: 844 });
    await expect.poll(() => p.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 }).toContain('Leafline');
    const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(p, 'shell-home-phone');
    await p.close();
  });

  it('a phone has no "around you" panel past a blank gap: it is beside the screen from 768 px up', async () => {
    const p = await open('/no/such/place', { width: 390, height: 844 });
    await p.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor({ timeout: 15_000 });
    expect(await p.getByRole('complementary', { name: 'Around you' }).count()).toBe(0);
    // Nor is the panel's request made.
    const nearYou: string[] = [];
    p.on('request', (r) => (r.url().includes('/api/nearby/near-you') ? nearYou.push(r.url()) : undefined));
    await p.reload();
    await p.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor({ timeout: 15_000 });
    await screenshot(p, 'shell-short-screen-phone');
    // Wider, it is beside the screen, at the top.
    await p.setViewportSize({ width: 800, height: 844 });
    const rail = p.getByRole('complementary', { name: 'Around you' });
    await rail.getByRole('heading', { name: 'Near you' }).waitFor({ timeout: 15_000 });
    expect(Math.abs((await rail.boundingBox())!.y - (await p.locator('main').boundingBox())!.y)).toBeLessThan(40);
    expect(nearYou).toHaveLength(1);
    await p.close();
  });

  it('an unknown path shows "Page not found" with the path', async () => {
    const p = await open('/no/such/place');
    await expect.poll(() => p.locator('h1').textContent(), { timeout: 15_000 }).toBe('Page not found');
    expect(await p.locator('main code').first().textContent()).toBe('/no/such/place');
    expect(await p.title()).toContain('Page Not Found');
    await screenshot(p, 'shell-not-found');
    expect(await seriousA11yViolations(p)).toEqual([]);
    await p.close();
  });

  it('a guarded route sends a guest to the login page with a redirect back', async () => {
    const p = await open('/profile');
    await p.waitForURL(/\/auth\/login/, { timeout: 15_000 });
    expect(new URL(p.url()).searchParams.get('redirect')).toBe('/profile');
    await screenshot(p, 'shell-guard-redirect');
    await p.close();
  });

  it('an admin route shows the not-found page to a guest', async () => {
    const p = await open('/admin/settings');
    await expect.poll(() => p.locator('h1').textContent(), { timeout: 15_000 }).toBe('Page not found');
    expect(await p.locator('main code').first().textContent()).toBe('/admin/settings');
    await p.close();
  });
});
