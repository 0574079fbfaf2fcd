/// <reference lib="dom" />
/**
 * Identity journeys in a real browser against the local host: a person signs up, verifies the
 * e-mail through the link in the outbox, registers, signs out and in, ends a second device's
 * session and deletes the account; the admin changes the public tagline and puts it back.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { as } from '../support/accounts';
import { browserAvailable, browserContexts, screenshot, SCREENSHOTS, seriousA11yViolations, submitSignIn } from '../support/browser';
import { outbox } from '../support/outbox';
import { admin, ADMIN_EMAIL } from '../support/users';

const DESKTOP = { width: 1280, height: 800 };
/** The second device: a phone, so that the sessions list tells the two apart ("Chrome on Android"). */
const PHONE_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36';
const ACCOUNT_DELETED_NOTICE = 'Your account has been deleted. Thank you for growing with us.';
const SLOW = { timeout: 20_000 };

describe.runIf(browserAvailable)('identity journeys in Chromium', () => {
  const { newPage } = browserContexts({ viewport: DESKTOP });
  const url = () => inject('hostUrl');

  /** Waits until the SPA shows that path (query and hash ignored). */
  async function onPath(page: Page, path: string): Promise<void> {
    await page.waitForURL((u) => u.pathname === path, SLOW);
  }

  /** The verification link (`<site>/auth/verifyemail?token=…`) of the newest e-mail to `to`. */
  async function verificationLink(to: string): Promise<string> {
    let link: string | undefined;
    await expect
      .poll(
        async () => {
          const mail = (await outbox()).filter((m) => m.channel === 'email' && m.to === to && m.text.includes('/auth/verifyemail?token=')).at(-1);
          link = mail && /https?:\/\/\S+\/auth\/verifyemail\?token=[A-Za-z0-9_-]{43}/.exec(mail.text)?.[0];
          return link;
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBeDefined();
    return link!;
  }

  /** A full-page screenshot from the top: scrolled, the sticky top bar would be drawn mid-page. */
  async function shot(page: Page, name: string): Promise<void> {
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, name);
  }

  async function publicTagline(): Promise<string> {
    const res = await fetch(`${url()}/api/site-settings/get-site`, { headers: { 'client-platform': 'browser' } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { tagline: string } }).data.tagline;
  }

  it('a person signs up, verifies, registers, signs out and in, ends another session and deletes the account', { timeout: 90_000 }, async () => {
    const started = Date.now();
    const lap = (step: string) => console.info(`[identity] ${step}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const suffix = randomUUID().replace(/-/g, '').slice(0, 10);
    const email = `journey-${suffix}@example.com`;
    const password = 'Fern-and-moss-in-spring';
    const username = `fern_${suffix}`;

    // Sign up.
    const { context: first, page } = await newPage();
    await page.goto(`${url()}/auth/signup`);
    await page.getByRole('heading', { level: 1, name: 'Create an account' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await shot(page, 'identity-signup-form');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('status').filter({ hasText: `we sent a link to ${email}` }).waitFor(SLOW);
    await shot(page, 'identity-signup');
    lap('signed up');

    // The link from the e-mail, opened in the browser: the password chosen at sign-up confirms the
    // address and signs in, and an incomplete registration goes on to /auth/register.
    const link = await verificationLink(email);
    expect(new URL(link).pathname).toBe('/auth/verifyemail');
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Confirm your e-mail address' }).waitFor();
    await page.getByRole('button', { name: 'Confirm and sign in' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'identity-verify');
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Confirm and sign in' }).click();
    await onPath(page, '/auth/register');
    lap('verified and signed in');

    // The sign-in screen passes the a11y check too.
    const { page: other } = await newPage();
    await other.goto(`${url()}/auth/login`);
    await other.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(await seriousA11yViolations(other)).toEqual([]);

    // Register: the map position is prefilled (GET /api/location/from-ip, or the site's default place).
    await page.getByRole('heading', { level: 1, name: 'Complete your registration' }).waitFor();
    await expect.poll(() => page.getByText(/^Map position -?\d/).count(), SLOW).toBe(1);
    await page.getByLabel('Username', { exact: true }).fill(username);
    await page.getByLabel('First name', { exact: true }).fill('Ada');
    await page.getByLabel('Last name', { exact: true }).fill('Lovelace');
    await page.getByLabel('Learn about plants').check();
    await page.getByLabel('Suburb or city', { exact: true }).fill('Newtown');
    await page.getByLabel('State or region', { exact: true }).fill('NSW');
    await page.getByLabel('Country', { exact: true }).fill('Australia');
    await page.getByText(`@${username} is available.`).waitFor(SLOW);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'identity-register');
    await page.getByRole('button', { name: 'Complete registration' }).click();
    await onPath(page, '/welcome');
    await page.getByRole('heading', { level: 1, name: 'Welcome, Ada' }).waitFor();
    await expect.poll(() => page.getByRole('banner').textContent()).toContain(username);
    await shot(page, 'identity-welcome');
    lap('registered');

    // The link opened again, in another browser: it says at once that the address is verified already.
    await other.goto(link);
    await onPath(other, '/auth/verifysuccessful');
    await other.getByText('This address is already verified. Sign in with your password to go on.').waitFor(SLOW);
    expect(await other.getByLabel('Password', { exact: true }).count()).toBe(0);
    await shot(other, 'identity-verify-reopened');
    lap('link reopened');

    // Log out from the top bar, then sign in again: home, with the username in the top bar.
    await page.getByRole('banner').getByRole('button', { name: 'Log out' }).click();
    await onPath(page, '/');
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor();
    await submitSignIn(page, email, password);
    await onPath(page, '/');
    await page.getByRole('banner').getByRole('link', { name: username }).waitFor();
    lap('logged out and in again');

    // A second device signs in.
    const { context: second, page: phone } = await newPage({ userAgent: PHONE_UA, viewport: { width: 412, height: 915 } });
    await submitSignIn(phone, email, password);
    await onPath(phone, '/');
    await phone.goto(`${url()}/settings`);
    await phone.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    lap('second device signed in');

    // The first device ends the second one's session.
    await page.goto(`${url()}/settings`);
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    const sessions = page.getByRole('list', { name: 'Sessions' });
    await sessions.waitFor(SLOW);
    await expect.poll(() => sessions.getByRole('listitem').count(), SLOW).toBe(2);
    expect(await sessions.getByText('This device').count()).toBe(1);
    expect(await sessions.getByText('Chrome on Android').count()).toBe(1);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'identity-settings-sessions');
    await page.getByRole('button', { name: /^Sign out Chrome on Android, last active/ }).click();
    await page.getByText('Signed out Chrome on Android. It stops working within 15 minutes.').waitFor(SLOW);
    await expect.poll(() => sessions.getByRole('listitem').count(), SLOW).toBe(1);
    await shot(page, 'identity-settings-session-revoked');
    lap('second session revoked');

    // The second device's access token would live 15 minutes: drop it so that its next call
    // needs the (revoked) refresh token. A reload of a guarded screen then ends on sign-in.
    await second.clearCookies({ name: '__Host-access' });
    await phone.reload();
    await onPath(phone, '/auth/login');
    expect(new URL(phone.url()).searchParams.get('redirect')).toBe('/settings');
    await phone.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    await shot(phone, 'identity-second-device-signed-out');
    // …while the first device is still signed in.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/settings');
    lap('second device signed out');

    // Delete the account: the button works only once the username is typed.
    await page.getByRole('button', { name: 'Delete my account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Delete my account', exact: true });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Your username').fill(username);
    await expect.poll(() => confirm.isEnabled()).toBe(true);
    // The viewport only: a full-page shot would stretch the page beyond the fixed backdrop.
    await page.screenshot({ path: join(SCREENSHOTS, 'identity-delete-dialog.png') });
    await confirm.click();
    await onPath(page, '/auth/account-deleted');
    await page.getByRole('heading', { level: 1, name: 'Account deleted' }).waitFor(SLOW);
    await page.getByText(ACCOUNT_DELETED_NOTICE).waitFor();
    await page.getByRole('banner').getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'identity-deleted');
    await page.getByRole('main').getByRole('link', { name: 'Go to the home page' }).click();
    await onPath(page, '/');
    lap('account deleted');

    // The credentials no longer work.
    await submitSignIn(page, email, password);
    const alert = page.getByRole('alert');
    await alert.waitFor(SLOW);
    await expect.poll(() => alert.textContent()).toContain('Wrong e-mail or password');
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    await shot(page, 'identity-login-refused');
    lap('login refused');

    await first.close();
    await second.close();
  });

  it('the admin changes the public tagline, sees it on the home page and puts it back', async () => {
    const started = Date.now();
    const a = await admin();
    const original = await publicTagline();
    const changed = `Leaves in common ${randomUUID().slice(0, 8)}`;
    try {
      const { context, page } = await newPage();
      await submitSignIn(page, ADMIN_EMAIL, a.password);
      // admin() does not register the account, so the sign-in leads on to /auth/register; the
      // admin area needs only a signed-in admin.
      await page.waitForURL((u) => u.pathname !== '/auth/login', SLOW);
      await page.getByRole('banner').getByRole('button', { name: 'Log out' }).waitFor();

      async function setTagline(value: string): Promise<void> {
        await page.goto(`${url()}/admin/settings`);
        await page.getByRole('heading', { level: 1, name: 'Site settings' }).waitFor();
        await page.getByRole('button', { name: 'Edit site_tagline' }).click();
        const form = page.getByRole('form', { name: 'Create or change a setting' });
        expect(await form.getByLabel('Name', { exact: true }).inputValue()).toBe('site_tagline');
        await form.getByLabel('Value', { exact: true }).fill(value);
        await form.getByRole('button', { name: 'Save setting' }).click();
        await form.getByText('Saved site_tagline.').waitFor(SLOW);
        // The list above is read again after the save.
        await page.getByRole('list', { name: 'Public settings' }).getByText(value, { exact: true }).waitFor(SLOW);
      }

      await setTagline(changed);
      expect(await publicTagline()).toBe(changed);
      await shot(page, 'identity-admin-settings');

      await page.getByRole('banner').locator('a[href="/"]').first().click(); // the site's name
      await onPath(page, '/');
      // The URL changes before the home screen replaces the settings screen (its chunk loads first).
      await page.getByRole('textbox', { name: 'Value' }).waitFor({ state: 'detached', ...SLOW });
      await page.getByRole('main').getByText(changed, { exact: true }).waitFor(SLOW);
      await shot(page, 'identity-admin-home');

      await setTagline(original);
      expect(await publicTagline()).toBe(original);
      await page.goto(`${url()}/`);
      await page.getByRole('main').getByText(original, { exact: true }).waitFor(SLOW);
      await context.close();
    } finally {
      // Other files share this host and check the tagline: put it back even if the UI failed.
      if ((await publicTagline()) !== original) {
        await as(a.browser, 'PUT', '/api/iam/admin/update/site-setting', { name: 'site_tagline', value: original, isPublic: true });
      }
    }
    console.info(`[identity] admin journey: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
});
