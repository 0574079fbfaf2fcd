/// <reference lib="dom" />
/** The site's texts in a real browser: an admin's Markdown on /about, safe, on a phone; the privacy policy's default. */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { as } from '../support/accounts';
import { browserAvailable, launch, screenshot, seriousA11yViolations } from '../support/browser';
import { admin } from '../support/users';

const ABOUT = [
  '# Growing together',
  '',
  'We are a club of **plant lovers**. <script>window.__ran = true</script><img src=x onerror="window.__ran = true">',
  '',
  '- Swap cuttings',
  '- Meet at events',
  '',
  '[Our garden](https://example.org/garden) and [a trap](javascript:window.__ran=true)',
].join('\n');

describe.runIf(browserAvailable)("the site's texts in Chromium", () => {
  let browser: Browser;
  const url = () => inject('hostUrl');

  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    const boss = await admin();
    await as(boss.browser, 'PUT', '/api/iam/admin/update/site-text', { name: 'about', markdown: '' });
    await browser?.close();
  });

  it("shows the admins' about text on a phone: formatted, its HTML as text, no script run, only the safe link", async () => {
    const boss = await admin();
    expect((await as(boss.browser, 'PUT', '/api/iam/admin/update/site-text', { name: 'about', markdown: ABOUT })).status).toBe(200);
    const p = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const dialogs: string[] = [];
    p.on('dialog', (d) => void dialogs.push(d.message()));
    await p.goto(`${url()}/about`);
    await p.getByRole('heading', { level: 2, name: 'Growing together' }).waitFor({ timeout: 15_000 });
    expect(await p.getByRole('heading', { level: 1 }).allTextContents()).toEqual(['About']);
    expect(await p.locator('main li').allTextContents()).toEqual(['Swap cuttings', 'Meet at events']);
    expect(await p.locator('main').textContent()).toContain('<script>window.__ran = true</script>');
    expect(await p.locator('main script, main img').count()).toBe(0);
    expect(await p.evaluate(() => (window as { __ran?: boolean }).__ran ?? false)).toBe(false);
    expect(await p.getByRole('link', { name: 'Our garden' }).getAttribute('rel')).toBe('nofollow noopener noreferrer');
    expect(await p.getByRole('link', { name: 'a trap' }).count()).toBe(0);
    expect(dialogs).toEqual([]);
    expect(await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(p, 'site-texts-about-phone');
    expect(await seriousA11yViolations(p)).toEqual([]);
    await p.close();
  });

  it('says the privacy policy is not published while no admin has written it', async () => {
    const boss = await admin();
    expect((await as(boss.browser, 'PUT', '/api/iam/admin/update/site-text', { name: 'privacy-policy', markdown: '' })).status).toBe(200);
    const p = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await p.goto(`${url()}/docs/privacy-policy`);
    await p.getByText('The privacy policy has not been published yet').waitFor({ timeout: 15_000 });
    await screenshot(p, 'site-texts-privacy-default');
    expect(await seriousA11yViolations(p)).toEqual([]);
    await p.close();
  });
});
