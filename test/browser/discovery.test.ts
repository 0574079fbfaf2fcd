/// <reference lib="dom" />
/**
 * Finding things in a real browser: a member finds a plant listing by its name through the top
 * bar's search box (keyboard only) and on /search; a new member picks interests in the welcome's
 * interests step and reads them in the For you tab.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { as } from '../support/accounts';
import { browserAvailable, browserContexts, screenshot, seriousA11yViolations, submitSignIn } from '../support/browser';
import { newPlant, newPost } from '../support/content';
import { admin, registeredUser, signInAgain } from '../support/users';

const PHONE = { width: 390, height: 844 };
const SLOW = { timeout: 20_000 };

describe.runIf(browserAvailable)('discovery in Chromium', () => {
  const browser = browserContexts({ viewport: { width: 1280, height: 800 } });
  const url = () => inject('hostUrl');

  it('a member finds a plant by its name from the top bar, with the keyboard, and on the results screen', { timeout: 120_000 }, async () => {
    const suffix = `v${randomUUID().replace(/-/g, '').slice(0, 6)}`;
    const owner = await registeredUser();
    const plant = await newPlant(owner, { commonName: `Velvet Anthurium ${suffix}`, text: 'A healthy offset, potted' });
    const me = await registeredUser();
    const { page } = await browser.newPage();
    await submitSignIn(page, me.email, me.password);
    await page.waitForURL((u) => u.pathname === '/', SLOW);

    await page.getByRole('banner').getByRole('searchbox', { name: 'Search members, pages, plants, posts and events' }).click();
    const box = page.getByRole('combobox', { name: 'Search members, pages, plants, posts and events' });
    await box.waitFor(SLOW);
    await box.pressSequentially(`anthurium ${suffix}`);
    const option = page.getByRole('option', { name: new RegExp(`Velvet Anthurium ${suffix}`, 'i') });
    await option.waitFor(SLOW);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'search-suggestions');
    await box.press('ArrowDown');
    expect(await box.getAttribute('aria-activedescendant')).toBe(await page.getByRole('option').first().getAttribute('id'));
    await box.press('Enter');
    await page.waitForURL((u) => u.pathname !== '/', SLOW);
    expect(new URL(page.url()).pathname).toContain(plant.id);

    await page.goto(`${url()}/search?q=${encodeURIComponent(`velvet ${suffix}`)}`);
    await page.getByRole('heading', { level: 1, name: 'Search' }).waitFor(SLOW);
    await page.getByRole('link', { name: new RegExp(`Velvet Anthurium ${suffix}`, 'i') }).first().waitFor(SLOW);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'search-results');
  });

  it('a new member picks interests in the welcome step and reads them in For you', { timeout: 120_000 }, async () => {
    const suffix = randomUUID().replace(/-/g, '').slice(0, 6);
    const [category, followed] = [`succulents ${suffix}`, `haworthia ${suffix}`];
    const promoted = await registeredUser();
    expect((await as((await admin()).browser, 'PUT', `/api/iam/users/${promoted.uuid}`, { is_admin: true })).status).toBe(200);
    const boss = await signInAgain(promoted);
    expect((await as(boss.browser, 'POST', '/api/iam/tags/new', { tagName: category, isParent: true })).status).toBe(201);
    const author = await registeredUser();
    const wanted = `Haworthia pups ready to share ${suffix}`;
    await newPost(author, { text: wanted, tags: [followed] });
    const made = await as(boss.browser, 'PUT', '/api/iam/tags/update', {
      tagDetails: { name: category, label: `Succulents ${suffix}`, interestCategory: true },
      tagGroupBody: { children: [followed] },
    });
    expect(made.status, JSON.stringify(made.json)).toBe(200);

    const me = await registeredUser();
    const { page } = await browser.newPage({ viewport: { width: PHONE.width, height: PHONE.height }, isMobile: true, hasTouch: true });
    await submitSignIn(page, me.email, me.password);
    await page.waitForURL((u) => u.pathname === '/', SLOW);
    await page.goto(`${url()}/welcome`);
    await page.getByRole('link', { name: 'Choose interests' }).click();
    await page.waitForURL((u) => u.pathname === '/user/my-interests', SLOW);
    await page.getByRole('searchbox', { name: 'Search the tags' }).fill(suffix);
    await page.getByRole('group', { name: `Succulents ${suffix}` }).getByRole('checkbox', { name: followed }).check();
    await page.getByText('You follow 1 of at most 60 interests.').waitFor(SLOW);
    await screenshot(page, 'welcome-interests-phone');
    await page.getByRole('link', { name: 'Continue' }).click();
    await page.waitForURL((u) => u.pathname === '/welcome', SLOW);
    await page.getByRole('link', { name: 'Skip and go to the home page' }).click();
    await page.waitForURL((u) => u.pathname === '/', SLOW);
    await page.getByRole('tab', { name: 'For you' }).click();
    await page.getByText(wanted).waitFor(SLOW);
    await screenshot(page, 'welcome-for-you-phone');
  });
});
