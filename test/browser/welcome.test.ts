/// <reference lib="dom" />
/** /welcome on a phone, for a member who has just registered: the steps, each a way on, and a way past them all. */
import { describe, expect, inject, it } from 'vitest';
import { browserAvailable, browserContexts, screenshot, seriousA11yViolations, submitSignIn } from '../support/browser';
import { registeredUser } from '../support/users';

const SLOW = { timeout: 20_000 };

describe.runIf(browserAvailable)('/welcome in Chromium', () => {
  const browser = browserContexts({ viewport: { width: 390, height: 844 } });

  it('shows a new member their first steps on a phone, and lets them skip to the home page', async () => {
    const user = await registeredUser();
    const { page } = await browser.newPage();
    await submitSignIn(page, user.email, user.password);
    await page.waitForURL((u) => u.pathname === '/', SLOW);
    await page.goto(`${inject('hostUrl')}/welcome`);
    await page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor(SLOW);
    const steps = page.getByRole('list', { name: 'First steps' });
    await steps.getByRole('heading', { level: 2, name: 'Find pages near you' }).waitFor(SLOW);
    expect(await steps.getByRole('heading', { level: 2 }).count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByRole('link', { name: 'Change your place' }).getAttribute('href')).toBe('/settings#profile');
    expect(await page.getByRole('link', { name: 'Choose interests' }).getAttribute('href')).toBe('/user/my-interests');
    // The pages step has answered one way or the other.
    await page.getByRole('list', { name: 'Pages near you' }).or(page.getByText('No pages near you yet.')).first().waitFor(SLOW);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'welcome-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('link', { name: 'Skip and go to the home page' }).click();
    await page.waitForURL((u) => u.pathname === '/', SLOW);
  });
});
