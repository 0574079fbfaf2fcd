/// <reference lib="dom" />
/**
 * The content journey in a real browser against the local host: member A lists a plant with two
 * photos; member B finds it in the feed, likes it and comments; A replies; B sees the
 * notification; a guest sees the public posts and none of the members-only ones. Then A edits a
 * post: its new text and its link show in the card, and it leads the feed.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserAvailable, browserContexts, screenshot, seriousA11yViolations, submitSignIn } from '../support/browser';
import { newPost } from '../support/content';
import { gradientPng } from '../../infra/local/demo-images';
import { registeredUser, type TestUser } from '../support/users';

const DESKTOP = { width: 1280, height: 900 };
const SLOW = { timeout: 20_000 };

describe.runIf(browserAvailable)('content journey in Chromium', () => {
  const browser = browserContexts({ viewport: DESKTOP });
  const url = () => inject('hostUrl');

  async function newPage(): Promise<Page> {
    return (await browser.newPage()).page;
  }

  async function signIn(page: Page, user: TestUser): Promise<void> {
    await submitSignIn(page, user.email, user.password);
    await page.waitForURL((u) => u.pathname === '/', SLOW);
    await page.getByRole('banner').getByRole('link', { name: user.profile.username! }).waitFor(SLOW);
  }

  /** The feed card holding `text`, loading more pages until it appears (other tests post meanwhile). */
  async function cardInFeed(page: Page, text: string) {
    // In the feed, not in the "Near you" panel beside it (which may list the same plant).
    const card = page.getByRole('main').getByRole('listitem').filter({ hasText: text }).last();
    const more = page.getByRole('button', { name: 'Load more' });
    for (let n = 0; n < 15 && !(await card.isVisible()); n++) {
      // Whichever shows first: the card, or more of the feed to load.
      await card.or(more).first().waitFor(SLOW);
      if (!(await card.isVisible()) && (await more.isVisible())) await more.click();
    }
    await card.waitFor(SLOW);
    return card;
  }

  async function shot(page: Page, name: string): Promise<void> {
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, name);
  }

  it('A lists a plant with two photos, B likes and comments, A replies, B is notified, a guest sees only public posts', { timeout: 120_000 }, async () => {
    const [a, b] = await Promise.all([registeredUser({ first_name: 'ivy', last_name: 'green' }), registeredUser({ first_name: 'moss', last_name: 'brown' })]);
    const plantName = `String of pearls ${randomUUID().slice(0, 4)}`;
    const publicText = `Repotted my fern today ${randomUUID().slice(0, 6)}`;
    const membersText = `Members only: swap meet details ${randomUUID().slice(0, 6)}`;
    await newPost(a, { text: publicText, privacy: 'public' });
    await newPost(a, { text: membersText, privacy: 'members' });

    // A lists a plant with two photos.
    const pageA = await newPage();
    await signIn(pageA, a);
    await pageA.goto(`${url()}/profile/plants/create`);
    await pageA.getByRole('heading', { level: 1, name: 'List a plant' }).waitFor();
    await pageA.getByLabel('Common name').fill(plantName);
    await pageA.getByLabel('Availability').selectOption('Available to swap');
    await pageA.locator('input[type=file]').setInputFiles([
      { name: 'pearls-1.png', mimeType: 'image/png', buffer: gradientPng(640, 480, 0) },
      { name: 'pearls-2.png', mimeType: 'image/png', buffer: gradientPng(640, 480, 90) },
    ]);
    await pageA.getByLabel('Description of photo 1').fill('Trailing over the pot');
    await pageA.getByLabel('Description of photo 2').fill('A cutting with roots');
    await pageA.getByRole('button', { name: 'List plant' }).waitFor(SLOW);
    expect(await seriousA11yViolations(pageA)).toEqual([]);
    await shot(pageA, 'content-plant-form');
    await pageA.getByRole('button', { name: 'List plant' }).click();
    await pageA.waitForURL((u) => u.pathname.startsWith('/plant/'), SLOW);
    const plantPath = new URL(pageA.url()).pathname;
    await pageA.getByRole('heading', { level: 1, name: plantName }).waitFor(SLOW);
    await pageA.getByRole('img', { name: 'Trailing over the pot' }).waitFor(SLOW);
    await expect.poll(() => pageA.getByRole('img', { name: 'A cutting with roots' }).evaluate((img: HTMLImageElement) => img.naturalWidth), SLOW).toBeGreaterThan(0);
    await shot(pageA, 'content-plant-listed');

    // B finds it in the feed, likes it, and comments on its page.
    const pageB = await newPage();
    await signIn(pageB, b);
    await pageB.getByRole('tab', { name: /Plants/ }).click();
    const card = await cardInFeed(pageB, plantName);
    await card.getByRole('button', { name: /Like this plant/ }).click();
    await expect.poll(() => card.getByRole('button', { name: /Like this plant/ }).getAttribute('aria-pressed'), SLOW).toBe('true');
    await shot(pageB, 'content-feed-member');
    await pageB.goto(`${url()}${plantPath}`);
    await pageB.getByRole('heading', { level: 1, name: plantName }).waitFor(SLOW);
    await pageB.getByLabel('Comment on this plant').fill('Would you swap a cutting for a hoya?');
    await pageB.getByRole('button', { name: 'Post comment' }).click();
    await pageB.getByRole('article', { name: 'Comment by Moss Brown' }).waitFor(SLOW);

    // A replies.
    await pageA.reload();
    await pageA.getByRole('article', { name: 'Comment by Moss Brown' }).waitFor(SLOW);
    await pageA.getByRole('button', { name: 'Reply to Moss Brown' }).click();
    await pageA.getByLabel('Reply to Moss Brown').fill('Deal! Bring it to the swap meet.');
    await pageA.getByRole('button', { name: 'Post reply' }).click();
    await pageA.getByRole('list', { name: 'Replies to Moss Brown' }).getByText('Deal! Bring it to the swap meet.').waitFor(SLOW);
    expect(await seriousA11yViolations(pageA)).toEqual([]);
    await shot(pageA, 'content-thread');

    // B sees the notification of the reply.
    await pageB.goto(`${url()}/`);
    const bell = pageB.getByRole('banner').getByRole('button', { name: /^Notifications, \d+ unread$/ });
    await bell.waitFor(SLOW);
    await bell.click();
    // Named by display name, with the comment replied to.
    const said = 'Ivy Green replied to your comment “Would you swap a cutting for a hoya?”';
    await pageB.getByRole('dialog').getByText(said).waitFor(SLOW);
    // Opening the list marked them all seen: the bell has no count left.
    await pageB.getByRole('banner').getByRole('button', { name: 'Notifications', exact: true }).waitFor(SLOW);
    await shot(pageB, 'content-notification');

    // The notifications screen, from the panel: the reply, seen, leads to the plant.
    await pageB.getByRole('dialog').getByRole('link', { name: 'See all notifications' }).click();
    await pageB.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor(SLOW);
    const row = pageB.getByRole('list', { name: 'Your notifications' }).getByRole('link').filter({ hasText: said });
    await row.waitFor(SLOW);
    expect(await row.getByText('New', { exact: true }).count()).toBe(0);
    expect(await seriousA11yViolations(pageB)).toEqual([]);
    await shot(pageB, 'content-notifications-1280');
    await pageB.setViewportSize({ width: 390, height: 844 });
    expect(await pageB.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(pageB, 'content-notifications-390');
    await pageB.setViewportSize(DESKTOP);
    await row.click();
    await pageB.waitForURL((u) => u.pathname === plantPath, SLOW);
    await pageB.getByRole('banner').getByRole('button', { name: 'Notifications', exact: true }).waitFor(SLOW);

    // A guest sees the public post and the plant, never the members-only post.
    const guest = await newPage();
    await guest.goto(`${url()}/`);
    await cardInFeed(guest, publicText);
    expect(await guest.getByText(membersText).count()).toBe(0);
    expect((await fetch(`${url()}/api/content-items/recent?filter=postsAll`, { headers: { 'client-platform': 'browser' } }).then((r) => r.text())).includes(membersText)).toBe(false);
    await guest.getByRole('tab', { name: /Plants/ }).click();
    await cardInFeed(guest, plantName);
    expect(await seriousA11yViolations(guest)).toEqual([]);
    await shot(guest, 'content-feed-guest');
  });

  it('A edits a post in its card: the new text shows with its link, and the post moves to the front of the feed', { timeout: 60_000 }, async () => {
    const a = await registeredUser();
    const tag = randomUUID().slice(0, 6);
    const older = await newPost(a, { text: `Seedlings up ${tag}`, privacy: 'public' });
    await newPost(a, { text: `Watering day ${tag}`, privacy: 'public' });
    const edited = `Seedlings up and potted on ${tag}. How-to: https://example.com/pot-on-${tag}.`;

    const page = await newPage();
    await signIn(page, a);
    await page.goto(`${url()}/post/${older.id}`);
    const card = page.getByRole('main').getByRole('article', { name: /^Post by / }).first();
    await card.getByText(`Seedlings up ${tag}`).waitFor(SLOW);
    await card.getByRole('button', { name: 'Actions for this post' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const editor = card.getByRole('form', { name: 'Edit post' });
    await editor.getByLabel('Your post').fill(edited);
    await editor.getByRole('combobox', { name: /Tags/ }).fill('seedlings');
    await editor.getByRole('combobox', { name: /Tags/ }).press('Enter');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await shot(page, 'content-post-editor');
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'detached', ...SLOW });
    const link = card.getByRole('link', { name: `https://example.com/pot-on-${tag}` });
    await link.waitFor(SLOW);
    expect(await link.getAttribute('rel')).toBe('noopener nofollow ugc');
    await card.getByRole('link', { name: '#seedlings' }).waitFor();
    await shot(page, 'content-post-edited');

    // On a phone the editor fits the card; Cancel leaves the post as saved.
    await page.setViewportSize({ width: 390, height: 844 });
    await card.getByRole('button', { name: 'Actions for this post' }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await editor.waitFor();
    await shot(page, 'content-post-editor-phone');
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await link.waitFor();

    // The edited post now comes before the one written after it.
    await page.setViewportSize(DESKTOP);
    await page.goto(`${url()}/`);
    await cardInFeed(page, edited.slice(0, 30));
    const texts = await page.getByRole('main').getByRole('article', { name: /^Post by / }).allTextContents();
    const at = (text: string) => texts.findIndex((t) => t.includes(text));
    expect(at(`Seedlings up and potted on ${tag}`)).toBeGreaterThanOrEqual(0);
    expect(at(`Seedlings up and potted on ${tag}`)).toBeLessThan(at(`Watering day ${tag}`));
  });
});
