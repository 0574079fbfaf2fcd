/**
 * The pending notification mails (functions/db/items/pending-mail.ts) as the tests drive them. The
 * shared test host keeps the real delay (NOTIFY_MAIL_DELAY_SECONDS, 900 s), so the messages and
 * comments of every other test never come due during a run and the host's poller (every 2 s) mails
 * nothing of theirs. A test that wants a mail checks the due time the write set, then makes it due
 * now (`release`) and waits for the poller (`settled`); `hold` keeps it from the poller while the
 * test changes what the sender will judge.
 */
import { expect } from 'vitest';
import { getItem, setAttributes } from './db';
import { NOTIFY_MAIL_DELAY_MS } from './mail-delay';

const SETTLE_MS = 20_000;

export const pendingKey = (scope: 'conv' | 'post' | 'event' | 'wanted', scopeId: string, to: 'user' | 'page', toId: string) => ({ pk: `mailwait#${scope}#${scopeId}`, sk: `to#${to}#${toId}` });
export type PendingKey = ReturnType<typeof pendingKey>;

/** Moves the pending mail an hour ahead, so the poller leaves it while the test changes things. */
export async function hold(key: PendingKey): Promise<void> {
  const dueAt = new Date(Date.now() + 3_600_000).toISOString();
  await setAttributes(key.pk, key.sk, { dueAt, gsi3sk: `${dueAt}#${key.pk}#${key.sk}` });
}

/** Makes the pending mail due now. */
export async function release(key: PendingKey, extra: Record<string, unknown> = {}): Promise<void> {
  const dueAt = new Date(Date.now() - 1000).toISOString();
  await setAttributes(key.pk, key.sk, { dueAt, gsi3pk: 'mail#due', gsi3sk: `${dueAt}#${key.pk}#${key.sk}`, ...extra });
}

/** Waits until the poller has dealt with the pending mail (nothing due any more). */
export async function settled(key: PendingKey): Promise<Record<string, unknown>> {
  const until = Date.now() + SETTLE_MS;
  for (;;) {
    const item = await getItem(key.pk, key.sk);
    if (item && !item.dueAt) return item;
    if (Date.now() > until) throw new Error(`the pending mail ${key.pk} ${key.sk} was not sent within ${SETTLE_MS} ms: ${JSON.stringify(item)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * The mail a write made pending is due the delay after the write (`writtenAfterMs`, taken just
 * before it), on the due index; it is then made due now and sent.
 */
export async function dueThenSent(key: PendingKey, writtenAfterMs: number): Promise<Record<string, unknown>> {
  const item = await getItem(key.pk, key.sk);
  expect(item, `no pending mail ${key.pk} ${key.sk}`).toBeDefined();
  const wait = Date.parse(String(item!.dueAt)) - writtenAfterMs;
  expect(wait).toBeGreaterThanOrEqual(NOTIFY_MAIL_DELAY_MS);
  expect(wait).toBeLessThan(NOTIFY_MAIL_DELAY_MS + 30_000);
  expect(item).toMatchObject({ gsi3pk: 'mail#due', gsi3sk: `${String(item!.dueAt)}#${key.pk}#${key.sk}` });
  await release(key);
  return settled(key);
}
