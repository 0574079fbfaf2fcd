/// <reference lib="dom" />
/**
 * The Content-Security-Policy in a real browser against the local host, which sends the same
 * policy as CloudFront with the local origins (s3rver's endpoint for uploads). The journey walks
 * the main screens as a guest, a member and the admin — home, a post with a photo, a photo
 * upload (a plant listing and a profile photo, both PUT straight to the bucket), profile,
 * notifications, settings and every admin screen — and fails on any policy violation.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { gradientPng } from '../../infra/local/demo-images';
import { browserAvailable, browserContexts, pageIn, screenshot, submitSignIn } from '../support/browser';
import { comment, newPost, uploadPhoto } from '../support/content';
import { recordCspViolations, type CspRecorder } from '../support/csp';
import { admin, ADMIN_EMAIL, registeredUser } from '../support/users';

const DESKTOP = { width: 1280, height: 900 };
const SLOW = { timeout: 20_000 };

/** The local policy, directive by directive: CloudFront's (test/infra/csp.test.ts) with the local upload endpoint. */
function expectedLocalPolicy(s3Endpoint: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' blob: ${s3Endpoint} https://tile.openstreetmap.org`,
    "font-src 'self'",
    `connect-src 'self' ${s3Endpoint} https://tile.openstreetmap.org`,
    "media-src 'self'",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

const OTHER_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'x-xss-protection': '0',
  'permissions-policy': 'camera=(), microphone=(), payment=(), usb=(), geolocation=(self)',
  'cross-origin-opener-policy': 'same-origin',
};

describe.runIf(browserAvailable)('Content-Security-Policy in Chromium', () => {
  const browser = browserContexts({ viewport: DESKTOP });
  const url = () => inject('hostUrl');

  async function newPage(): Promise<{ page: Page; csp: CspRecorder }> {
    const context = await browser.newContext();
    const csp = await recordCspViolations(context);
    return { page: await pageIn(context), csp };
  }

  async function signIn(page: Page, email: string, password: string): Promise<void> {
    await submitSignIn(page, email, password);
    await page.waitForURL((u) => u.pathname !== '/auth/login', SLOW);
  }

  /** A full-page screenshot from the top: scrolled, the sticky top bar would be drawn mid-page. */
  async function shot(page: Page, name: string): Promise<void> {
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, name);
  }

  async function heading(page: Page, name: string | RegExp): Promise<void> {
    await page.getByRole('heading', { level: 1, name }).waitFor(SLOW);
  }

  it('sends the policy and the other security headers on the SPA, its assets, /images and /api', async () => {
    const policy = expectedLocalPolicy(inject('s3Endpoint'));
    const home = await fetch(`${url()}/`);
    const html = await home.text();
    const asset = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset, 'the built index.html loads its entry from /assets').toBeDefined();
    const a = await registeredUser();
    const photo = await uploadPhoto(a, gradientPng(64, 48, 30), 'image/png');
    for (const path of ['/', '/post/some-post', asset!, `/${photo}`, '/api/site-settings/get-site', '/api/no/such/route']) {
      const res = await fetch(`${url()}${path}`, { headers: { 'client-platform': 'browser' } });
      expect(res.headers.get('content-security-policy'), path).toBe(policy);
      for (const [name, value] of Object.entries(OTHER_HEADERS)) expect(res.headers.get(name), `${name} on ${path}`).toBe(value);
    }
    // No inline script or style for the policy to refuse.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|\sstyle=/);
  });

  it('no screen breaks the policy: home, a post with a photo, photo uploads, profile, notifications, settings and the admin screens', { timeout: 180_000 }, async () => {
    const [a, b] = await Promise.all([registeredUser(), registeredUser({ first_name: 'ivy', last_name: 'green' })]);
    const postText = `Variegated monstera, new leaf ${randomUUID().slice(0, 6)}`;
    const photoKey = await uploadPhoto(a, gradientPng(320, 240, 45), 'image/png');
    const post = await newPost(a, { text: postText, photos: [{ key: photoKey, description: 'A new leaf unfurling' }] });
    await comment(b, post.id, 'That variegation is stunning!');

    // A guest on the home page; the recorder is first shown to hear a deliberate violation.
    const { page, csp } = await newPage();
    await page.goto(`${url()}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor(SLOW);
    await page.evaluate(() => {
      const probe = document.createElement('img');
      probe.src = 'https://csp-probe.invalid/leaf.png';
      probe.alt = '';
      document.body.append(probe);
      setTimeout(() => probe.remove(), 0);
    });
    await expect.poll(() => csp.violations.map((v) => `${v.directive} ${v.blocked}`), SLOW).toContain('img-src https://csp-probe.invalid/leaf.png');
    csp.clear();
    await page.getByRole('listitem').first().waitFor(SLOW);
    await shot(page, 'csp-home-guest');

    // The member signs in: home with the feed.
    await signIn(page, a.email, a.password);
    await page.getByRole('banner').getByRole('link', { name: a.profile.username! }).waitFor(SLOW);
    await page.getByRole('listitem').first().waitFor(SLOW);

    // A post with a photo, served from /images.
    await page.goto(`${url()}/post/${post.id}`);
    const photo = page.getByRole('img', { name: 'A new leaf unfurling' });
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth), SLOW).toBeGreaterThan(0);
    await shot(page, 'csp-post-with-photo');

    // A photo upload: a plant listing, previews as blob: URLs, the PUT straight to the bucket.
    const plantName = `Pilea ${randomUUID().slice(0, 4)}`;
    await page.goto(`${url()}/profile/plants/create`);
    await heading(page, 'List a plant');
    await page.getByLabel('Common name').fill(plantName);
    await page.getByLabel('Availability').selectOption('Available to swap');
    await page.locator('input[type=file]').setInputFiles([{ name: 'pilea.png', mimeType: 'image/png', buffer: gradientPng(640, 480, 120) }]);
    await expect.poll(() => page.getByRole('img', { name: /pilea\.png/ }).first().evaluate((img: HTMLImageElement) => img.src), SLOW).toMatch(/^blob:/);
    await page.getByLabel('Description of photo 1').fill('Pancake leaves on a sunny sill');
    await page.getByRole('button', { name: 'List plant' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/plant/'), SLOW);
    await heading(page, plantName);
    const listed = page.getByRole('img', { name: 'Pancake leaves on a sunny sill' });
    await expect.poll(() => listed.evaluate((img: HTMLImageElement) => img.naturalWidth), SLOW).toBeGreaterThan(0);
    await shot(page, 'csp-plant-listed');

    // Profile, and the public profile page.
    await page.goto(`${url()}/profile`);
    await heading(page, 'Your profile');
    await page.goto(`${url()}/${a.profile.username!}`);
    await heading(page, `@${a.profile.username!}`);

    // Notifications: B's comment.
    const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await bell.waitFor(SLOW);
    await bell.click();
    await page.getByRole('dialog').getByText(`Ivy Green commented on your post “${postText}”`).waitFor(SLOW);
    await shot(page, 'csp-notifications');
    await page.getByRole('dialog').getByRole('link', { name: 'See all notifications' }).click();
    await heading(page, 'Notifications');
    await page.getByRole('list', { name: 'Your notifications' }).getByText(`Ivy Green commented on your post “${postText}”`).waitFor(SLOW);
    await shot(page, 'csp-notifications-screen');

    // Settings, with a new profile photo uploaded from there.
    await page.goto(`${url()}/settings`);
    await heading(page, 'Settings');
    await page.getByLabel('Choose a photo').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: gradientPng(200, 200, 200) });
    await page.getByRole('img', { name: 'Preview of your new photo' }).waitFor(SLOW);
    await page.getByRole('button', { name: 'Upload photo' }).click();
    await page.getByText('Your new photo is saved.').waitFor(SLOW);
    const avatar = page.getByRole('img', { name: 'Your profile photo' });
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth), SLOW).toBeGreaterThan(0);
    await shot(page, 'csp-settings');

    // The admin screens.
    const adminUser = await admin();
    const { page: adminPage, csp: adminCsp } = await newPage();
    await signIn(adminPage, ADMIN_EMAIL, adminUser.password);
    await adminPage.getByRole('banner').getByRole('button', { name: 'Log out' }).waitFor(SLOW);
    for (const [path, title] of [
      ['/admin', 'Admin'],
      ['/admin/settings', 'Site settings'],
      ['/admin/settings/video', 'Welcome video'],
      ['/admin/users/registered', 'Registered users'],
      ['/admin/users/incomplete', 'Incomplete registrations'],
      ['/admin/tags', 'Tags'],
      ['/admin/invites', 'Invites'],
      ['/search?q=monstera', 'Search'],
      ['/admin/email', 'E-mail'],
      ['/admin/database', 'Data care'],
      ['/settings/location', 'Default location'],
    ] as const) {
      await adminPage.goto(`${url()}${path}`);
      await heading(adminPage, title);
      // Let the screen's own requests finish before moving on.
      await adminPage.waitForLoadState('networkidle');
    }
    await shot(adminPage, 'csp-admin');

    expect({ violations: csp.violations, console: csp.consoleErrors }).toEqual({ violations: [], console: [] });
    expect({ violations: adminCsp.violations, console: adminCsp.consoleErrors }).toEqual({ violations: [], console: [] });
  });
});
