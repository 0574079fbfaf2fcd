/// <reference lib="dom" />
/**
 * The swap journey in Chromium against the local host, on a phone's screen: B wants a Monstera
 * within 10 km; A lists one 3 km away and B is alerted; B asks to swap it from the listing; A
 * accepts and hands it over, B confirms receipt; both review; both records show one swap and
 * the other's review. Screenshots at each step.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserAvailable, browserContexts, screenshot, seriousA11yViolations, submitSignIn } from '../support/browser';
import { newPlant } from '../support/content';
import { offset, randomPlace } from '../support/geo';
import { registeredUser, type TestUser } from '../support/users';

const PHONE = { width: 390, height: 844 };
const SLOW = { timeout: 20_000 };

describe.runIf(browserAvailable)('the swap journey in Chromium', () => {
  const browser = browserContexts({ viewport: PHONE, isMobile: true, hasTouch: true });
  const url = () => inject('hostUrl');

  async function signedIn(user: TestUser): Promise<Page> {
    const { page } = await browser.newPage();
    await submitSignIn(page, user.email, user.password);
    await page.waitForURL((u) => u.pathname === '/', SLOW);
    return page;
  }

  async function swapsOf(page: Page): Promise<void> {
    await page.goto(`${url()}/profile/swaps`);
    await page.getByRole('heading', { level: 1 }).waitFor(SLOW);
  }

  /** The card of the swap of `plant` in one of my lists. */
  const card = (page: Page, list: string, plant: string) => page.getByRole('region', { name: list }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: plant }) });

  async function review(page: Page, list: string, plant: string, stars: number, words: string): Promise<void> {
    await swapsOf(page);
    const form = card(page, list, plant).getByRole('form', { name: `Review the swap of ${plant}` });
    await form.waitFor(SLOW);
    await form.getByRole('radio', { name: `${stars} stars` }).check();
    await form.getByRole('radio', { name: 'Yes' }).check();
    await form.getByRole('textbox', { name: /A few words/ }).fill(words);
    await form.getByRole('button', { name: 'Send review' }).click();
    await card(page, list, plant).getByText(/^You reviewed this swap/).waitFor(SLOW);
  }

  it('want → list → alert → request → accept → hand over → receive → both review → both records', { timeout: 180_000 }, async () => {
    const home = randomPlace();
    const b = await registeredUser(home);
    const a = await registeredUser(offset(home, 3, 0));
    const plant = `Monstera ${randomUUID().slice(0, 4)}`;

    // 1. B wants a Monstera within 10 km.
    const bPage = await signedIn(b);
    await bPage.goto(`${url()}/profile/wanted`);
    const want = bPage.getByRole('form', { name: 'Want a plant' });
    await want.waitFor(SLOW);
    await want.getByRole('textbox', { name: 'Plant name' }).fill('Monstera');
    await want.getByRole('combobox', { name: 'Within' }).selectOption('10');
    await want.getByRole('button', { name: 'Add to my wanted list' }).click();
    await bPage.getByRole('list', { name: 'Your wanted plants' }).getByRole('listitem').filter({ hasText: 'Monstera' }).first().waitFor(SLOW);
    expect(await seriousA11yViolations(bPage)).toEqual([]);
    await screenshot(bPage, 'swap-1-wanted');

    // 2. A lists one 3 km away; B is alerted.
    const listing = await newPlant(a, { commonName: plant, availability: 'Available to swap' });
    await bPage.goto(`${url()}/profile/notifications`);
    const alert = bPage.getByRole('link', { name: new RegExp(`${plant}, which you want, is listed \\d+ km from you`) });
    await alert.waitFor(SLOW);
    await screenshot(bPage, 'swap-2-alert');

    // 3. B asks to swap it from the listing.
    await alert.click();
    await bPage.waitForURL((u) => u.pathname === `/plant/${listing.id}`, SLOW);
    await bPage.getByRole('button', { name: 'Ask to swap' }).click();
    const ask = bPage.getByRole('form', { name: `Ask to swap ${plant}` });
    await ask.getByRole('textbox', { name: /Your message to/ }).fill('Could I pick it up on Saturday?');
    await ask.getByRole('button', { name: 'Send request' }).click();
    await bPage.getByText('Request sent').waitFor(SLOW);
    await screenshot(bPage, 'swap-3-requested');

    // 4. A accepts, then hands it over (confirmed first).
    const aPage = await signedIn(a);
    await swapsOf(aPage);
    const offered = card(aPage, 'Requests on your listings', plant);
    await offered.getByRole('button', { name: 'Accept' }).click();
    await offered.getByText(/^Accepted: hand the plant over/).waitFor(SLOW);
    await offered.getByRole('button', { name: 'Mark handed over' }).click();
    await aPage.getByRole('dialog', { name: 'Mark it handed over?' }).getByRole('button', { name: 'Mark handed over' }).click();
    await offered.getByText(/Waiting for .* to confirm they received it/).waitFor(SLOW);
    expect(await seriousA11yViolations(aPage)).toEqual([]);
    await screenshot(aPage, 'swap-4-handed-over');

    // 5. B confirms receipt.
    await swapsOf(bPage);
    const asked = card(bPage, 'Plants you asked for', plant);
    await asked.getByRole('button', { name: 'Confirm received' }).click();
    await bPage.getByRole('dialog', { name: 'Confirm you received it?' }).getByRole('button', { name: 'Confirm received' }).click();
    await asked.getByRole('form', { name: `Review the swap of ${plant}` }).waitFor(SLOW);
    await screenshot(bPage, 'swap-5-received');

    // 6. Both review: B first (hidden until A writes), then A.
    await review(bPage, 'Plants you asked for', plant, 5, 'Healthy plant and a kind owner');
    await review(aPage, 'Requests on your listings', plant, 4, 'On time and friendly');
    await screenshot(aPage, 'swap-6-reviewed');

    // 7. Both records show one swap and the other's review.
    for (const [page, who, words] of [[aPage, a, 'Healthy plant and a kind owner'], [bPage, b, 'On time and friendly']] as const) {
      await page.goto(`${url()}/${who.profile.username}/swaps`);
      await page.getByText('1 swap completed · 100% positive').waitFor(SLOW);
      await page.getByRole('list', { name: /^Reviews of / }).getByText(words).waitFor(SLOW);
      expect(await seriousA11yViolations(page)).toEqual([]);
    }
    await screenshot(bPage, 'swap-7-record');
  });
});
