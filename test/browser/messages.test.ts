/// <reference lib="dom" />
/**
 * The messages journey with two browsers against the local host: B opens a conversation with A
 * from A's plant listing; A, with /messages open, sees it arrive without a reload, answers, and B
 * sees the answer live; B blocks A, and A's next message is not delivered. Screenshots at 1280 px
 * and 390 px.
 */
import { randomUUID } from 'node:crypto';
import type { Page, WebSocketRoute } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { browserAvailable, browserContexts, screenshot, seriousA11yViolations, submitSignIn } from '../support/browser';
import { gradientPng } from '../../infra/local/demo-images';
import { newPlant } from '../support/content';
import { as } from '../support/accounts';
import { outbox } from '../support/outbox';
import { dueThenSent, pendingKey } from '../support/pending-mail';
import type { OutboxEntry } from '../../functions/lib/outbound/outbox';
import { useHostTable } from '../support/host-env';
import { fanOutSettled } from '../support/realtime';
import { registeredUser, type TestUser } from '../support/users';

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const SLOW = { timeout: 20_000 };

beforeAll(() => useHostTable());

/** Waits until the member's tab holds an open socket (its connection item is stored). */
async function socketOpen(user: TestUser): Promise<void> {
  const { connectionsOf } = await import('../../functions/realtime/connections');
  await expect.poll(async () => (await connectionsOf(user.uuid)).length, { timeout: 20_000 }).toBeGreaterThan(0);
}

/**
 * The frames a page's socket receives, seen on their way (Playwright carries the page's socket to
 * the host and hands on every frame), and a way to know that every frame the host sent so far has
 * arrived: a ping sent on the page's socket once the host's fan-outs have finished, answered by a
 * pong behind whatever the host sent before it.
 */
async function watchSocket(page: Page): Promise<{ frames: string[]; caughtUp(): Promise<void> }> {
  const frames: string[] = [];
  const pongs: (() => void)[] = [];
  let server: WebSocketRoute | undefined;
  await page.routeWebSocket((u) => u.pathname === '/ws', (ws) => {
    server = ws.connectToServer();
    server.onMessage((message) => {
      const text = String(message);
      frames.push(text);
      if ((JSON.parse(text) as { type?: string }).type === 'pong') pongs.shift()?.();
      ws.send(message);
    });
  });
  return {
    frames,
    async caughtUp() {
      await fanOutSettled();
      expect(server, 'the page has opened its socket').toBeDefined();
      const pong = new Promise<void>((ok, fail) => {
        const timer = setTimeout(() => fail(new Error('no pong within 10 s')), 10_000);
        pongs.push(() => {
          clearTimeout(timer);
          ok();
        });
      });
      server!.send(JSON.stringify({ type: 'ping' }));
      await pong;
    },
  };
}

describe.runIf(browserAvailable)('messages journey in Chromium', () => {
  const browser = browserContexts({ viewport: DESKTOP });
  const url = () => inject('hostUrl');

  async function signIn(user: TestUser, viewport = DESKTOP, before: (page: Page) => Promise<void> = async () => undefined): Promise<Page> {
    const { page } = await browser.newPage({ viewport });
    await before(page);
    await submitSignIn(page, user.email, user.password);
    await page.waitForURL((u) => u.pathname === '/', SLOW);
    return page;
  }

  it('B asks about A\'s plant; A sees it arrive live and answers; B sees the answer live; B blocks A and A\'s next message is not delivered', { timeout: 240_000 }, async () => {
    const [a, b] = await Promise.all([registeredUser(), registeredUser()]);
    const plant = await newPlant({ uuid: a.uuid, browser: a.browser }, { text: 'A healthy Monstera cutting, rooted in water.' });
    const aName = a.profile.username!;
    const bName = b.profile.username!;

    // A has the inbox open, with its socket connected.
    const pageA = await signIn(a);
    await pageA.goto(`${url()}/messages`);
    await pageA.getByRole('heading', { level: 1, name: 'Messages' }).waitFor(SLOW);
    await pageA.getByText(/No conversations yet/).waitFor(SLOW);
    await socketOpen(a);

    // 1. B opens a conversation with A from A's listing: the composer quotes it.
    let socketB: Awaited<ReturnType<typeof watchSocket>> | undefined;
    const pageB = await signIn(b, DESKTOP, async (page) => {
      socketB = await watchSocket(page);
    });
    await pageB.goto(`${url()}/plant/${plant.id}`);
    await pageB.getByRole('link', { name: 'Ask about this plant' }).click(SLOW);
    await pageB.waitForURL((u) => u.pathname === `/messages/${aName}`, SLOW);
    const composerB = pageB.getByRole('textbox', { name: /Write a message to/ });
    await expect.poll(() => composerB.inputValue(), SLOW).toContain(`/plant/${plant.id}`);
    await composerB.focus();
    await composerB.press('Control+End');
    await composerB.pressSequentially('Is it still available? I could swap a pothos.');
    await socketOpen(b);
    await pageB.getByRole('button', { name: 'Send', exact: true }).click();
    await pageB.getByTestId('message').filter({ hasText: 'I could swap a pothos' }).waitFor(SLOW);
    expect(await pageB.getByTestId('pending-message').count()).toBe(0);
    // The listing's address became a link, with the attributes user-written links carry.
    const quoted = pageB.getByTestId('message').getByRole('link', { name: new RegExp(`/plant/${plant.id}`) });
    expect(await quoted.getAttribute('rel')).toBe('noopener nofollow ugc');

    // 2. A sees it arrive without a reload: the row, its unread badge and the nav badge.
    const row = pageA.getByTestId('conversation-row').filter({ hasText: 'About your listing' });
    await row.waitFor(SLOW);
    await expect.poll(() => row.textContent(), SLOW).toMatch(/1 unread/);
    await pageA.getByTestId('messages-badge').first().waitFor(SLOW);
    expect(await seriousA11yViolations(pageA)).toEqual([]);
    await screenshot(pageA, 'messages-inbox-1280');

    await row.click();
    await pageA.waitForURL((u) => u.pathname === `/messages/${bName}`, SLOW);
    await pageA.getByTestId('message').filter({ hasText: 'I could swap a pothos' }).waitFor(SLOW);
    // Reading it clears the badge.
    await expect.poll(() => pageA.getByTestId('messages-badge').count(), SLOW).toBe(0);
    const composerA = pageA.getByRole('textbox', { name: /Write a message to/ });
    await composerA.fill('Yes! Come by on Saturday morning.');
    await composerA.press('Enter');
    await pageA.getByTestId('message').filter({ hasText: 'Come by on Saturday' }).waitFor(SLOW);

    // B sees the answer live, on the open conversation.
    await pageB.getByTestId('message').filter({ hasText: 'Come by on Saturday' }).waitFor(SLOW);
    // It came on the socket watched below.
    expect(socketB!.frames.filter((f) => f.includes('Come by on Saturday'))).not.toEqual([]);
    expect(await seriousA11yViolations(pageB)).toEqual([]);
    await screenshot(pageB, 'messages-conversation-1280');

    // A sends two photos alone: each uploads with its progress, and B sees them arrive live,
    // loaded from presigned URLs of the bucket's private prefix (which the policy allows).
    await pageA.locator('form input[type=file]').setInputFiles([
      { name: 'repotted-1.png', mimeType: 'image/png', buffer: gradientPng(800, 600, 30) },
      { name: 'repotted-2.png', mimeType: 'image/png', buffer: gradientPng(600, 800, 120) },
    ]);
    const sendA = pageA.getByRole('button', { name: 'Send', exact: true });
    await expect.poll(() => sendA.isEnabled(), SLOW).toBe(true);
    expect(await pageA.getByRole('list', { name: 'Photos to send' }).getByRole('listitem').count()).toBe(2);
    await sendA.click();
    for (const page of [pageA, pageB]) {
      const photos = page.getByTestId('message').getByRole('list', { name: '2 photos' }).getByRole('img');
      await expect.poll(() => photos.count(), SLOW).toBe(2);
      await expect.poll(() => photos.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete && (i as HTMLImageElement).naturalWidth > 0)), SLOW).toBe(true);
      expect(await photos.first().evaluate((i) => new URL((i as HTMLImageElement).src).pathname)).toContain('private/messages/');
    }
    expect(await seriousA11yViolations(pageB)).toEqual([]);
    await screenshot(pageB, 'messages-photos-1280');

    // 3. B blocks A (after a confirmation); A's next message is not delivered.
    await pageB.getByRole('button', { name: 'Options' }).click();
    await pageB.getByRole('menuitem', { name: /^Block / }).click();
    const dialog = pageB.getByRole('dialog');
    await dialog.waitFor(SLOW);
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    // Back to the inbox, saying so.
    await pageB.waitForURL((u) => u.pathname === '/messages', SLOW);
    await pageB.getByText(/You blocked/).waitFor(SLOW);

    await composerA.fill('See you then — bring a bag for the pot.');
    await composerA.press('Enter');
    // A sees it as sent, as any message: nothing tells A.
    await pageA.getByTestId('message').filter({ hasText: 'bring a bag' }).waitFor(SLOW);
    expect(await pageA.getByText('Not sent').count()).toBe(0);
    // Every frame the host sent B's socket for it has arrived by now: none carried it.
    await socketB!.caughtUp();
    expect(socketB!.frames.filter((f) => f.includes('bring a bag'))).toEqual([]);
    expect(await pageB.getByText('bring a bag').count()).toBe(0);
    await pageB.goto(`${url()}/messages/${aName}`);
    await pageB.getByTestId('message').filter({ hasText: 'Come by on Saturday' }).waitFor(SLOW);
    expect(await pageB.getByTestId('message').filter({ hasText: 'bring a bag' }).count()).toBe(0);

    // On a phone: B's conversation, and B's inbox.
    const phone = await signIn(b, PHONE);
    await phone.goto(`${url()}/messages/${aName}`);
    await phone.getByTestId('message').filter({ hasText: 'Come by on Saturday' }).waitFor(SLOW);
    // The composer is at the bottom of the screen, the list scrolling above it, and the list is
    // a named region the keyboard reaches.
    const composerBottom = () => phone.locator('form').filter({ has: phone.getByRole('textbox', { name: /Write a message to/ }) }).evaluate((f) => f.getBoundingClientRect().bottom);
    expect(Math.abs((await composerBottom()) - PHONE.height)).toBeLessThanOrEqual(1);
    const composerTop = await phone.getByRole('textbox', { name: /Write a message to/ }).evaluate((t) => t.closest('form')!.getBoundingClientRect().top);
    const newest = await phone.getByTestId('message').last().evaluate((m) => m.getBoundingClientRect().bottom);
    expect(newest).toBeLessThanOrEqual(composerTop);
    const pane = phone.getByRole('region', { name: /^Messages with / });
    expect(await pane.getAttribute('tabindex')).toBe('0');
    expect(await pane.evaluate((el) => getComputedStyle(el).overflowY)).toBe('auto');
    expect(await seriousA11yViolations(phone)).toEqual([]);
    await screenshot(phone, 'messages-conversation-390');
    await phone.goto(`${url()}/messages`);
    await phone.getByTestId('conversation-row').first().waitFor(SLOW);
    await screenshot(phone, 'messages-inbox-390');
  });

  it('a message left unread is e-mailed after the delay; the mail\'s link stops these e-mails in one click, and the settings show it', { timeout: 120_000 }, async () => {
    const [a, b] = await Promise.all([registeredUser(), registeredUser()]);
    const conv = await as<{ convnId: string }>(b.browser, 'POST', '/api/iam/messages/new-u-to-u-conversation', { participants: [b.uuid, a.uuid] });
    expect(conv.status).toBe(200);
    const before = Date.now();
    expect((await as(b.browser, 'POST', '/api/iam/messages/new', { id: randomUUID(), conversation_id: conv.data.convnId, content: 'Is the monstera still free?' })).status).toBe(201);
    // Due NOTIFY_MAIL_DELAY_SECONDS after it came, made due now: the host's poller mails it.
    await dueThenSent(pendingKey('conv', conv.data.convnId, 'user', a.uuid), before);
    let mail: OutboxEntry | undefined;
    for (let i = 0; i < 80 && !mail; i++) {
      mail = (await outbox()).find((m) => m.channel === 'email' && m.to === a.email && !!m.headers?.['List-Unsubscribe']);
      if (!mail) await new Promise((r) => setTimeout(r, 250));
    }
    expect(mail, 'no notification mail within 20 s').toBeDefined();
    expect(mail!.text).toContain('Is the monstera still free?');
    const link = /(https?:\/\/\S+\/auth\/unsubscribe\?token=\S+)/.exec(mail!.text)![1]!;
    for (const [viewport, suffix] of [[PHONE, '390'], [DESKTOP, '1280']] as const) {
      const page = await signIn(a, viewport);
      await page.goto(`${url()}${new URL(link).pathname}${new URL(link).search}`);
      await page.getByText('E-mails about new private messages.').first().waitFor(SLOW);
      await screenshot(page, `unsubscribe-ask-${suffix}`);
      if (suffix === '390') {
        await page.getByRole('button', { name: 'Stop these e-mails' }).click();
        await page.getByText('Done: we will not e-mail you about this any more').waitFor(SLOW);
        await screenshot(page, `unsubscribe-done-${suffix}`);
        await page.getByRole('link', { name: 'your settings' }).click();
        await expect.poll(() => page.getByRole('checkbox', { name: 'New private messages' }).isChecked(), SLOW).toBe(false);
        // Only that one: comment e-mails stay on.
        expect(await page.getByRole('checkbox', { name: 'Comments and replies on my posts' }).isChecked()).toBe(true);
      }
      await page.close();
    }
  });
});
