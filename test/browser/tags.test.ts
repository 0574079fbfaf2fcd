/// <reference lib="dom" />
/**
 * Interests and "For you" in a real browser, on a phone: an admin has made an interest category
 * with two tags; a member follows one on /user/interests, finds its posts (and not the other's)
 * in the For you tab on home, and sees "Following" on the tag's page.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { as } from '../support/accounts';
import { browserAvailable, browserContexts, screenshot, seriousA11yViolations, submitSignIn } from '../support/browser';
import { newPost } from '../support/content';
import { admin, registeredUser, signInAgain } from '../support/users';

const PHONE = { width: 390, height: 844 };
const SLOW = { timeout: 20_000 };

describe.runIf(browserAvailable)('interests and For you in Chromium', () => {
  const browser = browserContexts({ viewport: PHONE, isMobile: true, hasTouch: true });
  const url = () => inject('hostUrl');

  it('a member follows a tag of a category, reads its posts in For you and sees Following on the tag', { timeout: 120_000 }, async () => {
    const suffix = randomUUID().replace(/-/g, '').slice(0, 6);
    const [category, followed, other] = [`houseplants ${suffix}`, `calathea ${suffix}`, `pothos ${suffix}`];
    const promoted = await registeredUser();
    expect((await as((await admin()).browser, 'PUT', `/api/iam/users/${promoted.uuid}`, { is_admin: true })).status).toBe(200);
    const boss = await signInAgain(promoted);
    expect((await as(boss.browser, 'POST', '/api/iam/tags/new', { tagName: category, isParent: true })).status).toBe(201);
    const author = await registeredUser();
    const wanted = `Calathea leaves praying at dusk ${suffix}`;
    const unwanted = `Pothos cuttings rooting ${suffix}`;
    await newPost(author, { text: wanted, tags: [followed] });
    await newPost(author, { text: unwanted, tags: [other] });
    const made = await as(boss.browser, 'PUT', '/api/iam/tags/update', {
      tagDetails: { name: category, label: `Houseplants ${suffix}`, interestCategory: true },
      tagGroupBody: { children: [followed, other] },
    });
    expect(made.status, JSON.stringify(made.json)).toBe(200);

    const me = await registeredUser();
    const { page } = await browser.newPage();
    await submitSignIn(page, me.email, me.password);
    await page.waitForURL((u) => u.pathname === '/', SLOW);

    await page.goto(`${url()}/user/interests`);
    await page.getByRole('heading', { level: 1, name: 'Interests' }).waitFor(SLOW);
    await page.getByRole('searchbox', { name: 'Search the tags' }).fill(suffix);
    const group = page.getByRole('group', { name: `Houseplants ${suffix}` });
    await group.waitFor(SLOW);
    await group.getByRole('checkbox', { name: followed }).check();
    await page.getByText('You follow 1 of at most 60 interests.').waitFor(SLOW);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'interests-phone');

    await page.goto(`${url()}/`);
    await page.getByRole('tab', { name: 'For you' }).click();
    // Read inside For you's panel: the Latest feed, drawn first, holds both posts.
    const forYou = page.getByRole('tabpanel', { name: 'For you' });
    await forYou.getByText(wanted).waitFor(SLOW);
    expect(await forYou.getByText(unwanted).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'for-you-phone');

    await page.goto(`${url()}/tag/${encodeURIComponent(followed)}`);
    await page.getByRole('button', { name: 'Following' }).waitFor(SLOW);
  });
});
