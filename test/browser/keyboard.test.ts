/// <reference lib="dom" />
/**
 * Keyboard only, in Chromium: a member signs in, lists a plant (with a photo, chosen through the
 * file dialog the keyboard opens), comments on a post and sends a message, never touching the
 * mouse: every control is reached with Tab (Shift+Tab back), used with typing, Enter, Space or
 * the arrow keys, and each one focused shows a visible focus indicator.
 */
import type { FileChooser, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { gradientPng } from '../../infra/local/demo-images';
import { as } from '../support/accounts';
import { browserAvailable, browserContexts, screenshot } from '../support/browser';
import { newPost } from '../support/content';
import { randomPlace } from '../support/geo';
import { registeredUser } from '../support/users';

const SLOW = { timeout: 20_000 };

/** What has focus: its role-ish tag, its accessible name as the page says it, and whether a focus ring shows. */
async function focused(page: Page): Promise<{ tag: string; name: string; visible: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { tag: 'body', name: '', visible: false };
    const labelled = el.getAttribute('aria-labelledby');
    const byLabel = (el as HTMLInputElement).labels?.[0]?.textContent ?? '';
    const name = (el.getAttribute('aria-label') ?? (labelled ? document.getElementById(labelled.split(' ')[0]!)?.textContent : '') ?? '') || byLabel || el.textContent || '';
    // Visible: an outline, or a ring (box shadow) or border that the element has only while focused.
    const look = () => {
      const style = getComputedStyle(el);
      return { outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0, shadow: style.boxShadow, border: style.borderColor };
    };
    const on = look();
    el.blur();
    const off = look();
    el.focus();
    const visible = on.outline || on.shadow !== off.shadow || on.border !== off.border;
    return { tag: el.tagName.toLowerCase(), name: name.replace(/\s+/g, ' ').trim(), visible };
  });
}

/** Presses Tab until the focused control's name matches (at most `max` presses); each stop must show its focus. */
async function tabTo(page: Page, name: RegExp, max = 80): Promise<void> {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const now = await focused(page);
    seen.push(now.name.slice(0, 40));
    if (now.tag !== 'body' && !now.visible) throw new Error(`focus on "${now.name}" (${now.tag}) shows no focus indicator`);
    if (name.test(now.name)) return;
  }
  throw new Error(`Tab never reached ${name}; it went through: ${seen.join(' | ')}`);
}

describe.runIf(browserAvailable)('keyboard only', () => {
  const browser = browserContexts({ viewport: { width: 1280, height: 900 } });
  const url = () => inject('hostUrl');

  it('signs in, lists a plant, comments and sends a message without the mouse', { timeout: 180_000 }, async () => {
    const place = randomPlace();
    const me = await registeredUser(place);
    const friend = await registeredUser(place);
    const post = await newPost(friend, { text: 'Which fern is this?' });
    const started = await as<{ convnId: string }>(friend.browser, 'POST', '/api/iam/messages/new-u-to-u-conversation', { participants: [friend.uuid, me.uuid] });
    expect(started.status).toBe(200);
    const { page } = await browser.newPage();
    // Listen for the file dialog from the start: Playwright turns on its interception when the first
    // listener is added, and that takes a round trip; a listener added just before the key press
    // could lose the race and let the dialog open unseen.
    const chosen = new Promise<FileChooser>((resolve) => page.once('filechooser', resolve));

    // Sign in.
    await page.goto(`${url()}/auth/login`);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor(SLOW);
    await tabTo(page, /^E-mail/);
    await page.keyboard.type(me.email);
    await tabTo(page, /^Password/);
    await page.keyboard.type(me.password);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === '/', SLOW);

    // List a plant: the form reached by its address, every field by Tab.
    await page.goto(`${url()}/profile/plants/create`);
    await page.getByRole('heading', { level: 1, name: 'List a plant' }).waitFor(SLOW);
    await tabTo(page, /^Common name/);
    await page.keyboard.type('Maidenhair fern');
    await tabTo(page, /^Availability/);
    await page.keyboard.press('ArrowDown');
    expect(await page.getByLabel('Availability').inputValue()).not.toBe('');
    await tabTo(page, /photo/i);
    await page.keyboard.press('Enter');
    let timer: NodeJS.Timeout | undefined;
    const chooser = await Promise.race([
      chosen,
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('Enter on the photo control opened no file dialog')), SLOW.timeout))),
    ]).finally(() => clearTimeout(timer));
    await chooser.setFiles([{ name: 'fern.png', mimeType: 'image/png', buffer: gradientPng(640, 480, 30) }]);
    await tabTo(page, /^Description of photo 1/);
    await page.keyboard.type('Fronds in the morning light');
    await tabTo(page, /^List plant$/);
    await page.getByRole('button', { name: 'List plant' }).and(page.locator(':enabled')).waitFor(SLOW);
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname.startsWith('/plant/'), SLOW);
    await page.getByRole('heading', { level: 1, name: 'Maidenhair fern' }).waitFor(SLOW);

    // Comment on a post.
    await page.goto(`${url()}/post/${post.id}`);
    await page.getByText('Which fern is this?').first().waitFor(SLOW);
    await tabTo(page, /^Comment on this post/);
    await page.keyboard.type('A maidenhair, I think');
    await tabTo(page, /^Post comment$/);
    await page.keyboard.press('Enter');
    await page.getByRole('article', { name: /^Comment by / }).filter({ hasText: 'A maidenhair, I think' }).waitFor(SLOW);

    // Send a message.
    await page.goto(`${url()}/messages/${friend.profile.username}`);
    await tabTo(page, /^Write a message to/);
    await page.keyboard.type('Thanks for the fern tip!');
    await page.keyboard.press('Enter');
    await page.getByText('Thanks for the fern tip!').first().waitFor(SLOW);
    // It reached the friend: unread in their inbox.
    await expect.poll(async () => (await as<{ unreadMsgsTally: number }>(friend.browser, 'GET', '/api/iam/messages/unread-tally')).data.unreadMsgsTally, SLOW).toBe(1);
    await screenshot(page, 'keyboard-message-sent');
  });
});
