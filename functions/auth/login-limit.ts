/**
 * The per-account login limit: wrong passwords for one account, from every address together
 * (RATE_LIMIT_LOGIN_ACCOUNT, default 30 an hour; the per-IP-and-address limit of 25 meets one
 * address first). Each try is counted before its password is checked and given back when the
 * password was right, so parallel tries cannot outrun the count. From the limit's count on, a
 * try first takes the account's lock (one checked try at a time); a wrong password keeps it for a
 * wait that doubles with each further failure (15 s up to 15 minutes), answered 429 with
 * Retry-After: nothing sleeps. The owner is e-mailed at the first slowdown of a day, with the
 * addresses the failures came from. A password reset clears the limit.
 */
import { rateLimitKey } from '../db/entities/rate-limit';
import { db } from '../db/service';
import { isConditionFailure } from '../db/transact';
import { takeToday } from '../lib/daily-count';
import { tooManyRequests, type HttpError } from '../lib/errors';
import { limitFor } from '../lib/rate-limit';
import { sendLoginSlowdown } from './mails';

export const FIRST_WAIT_SECONDS = 15;
export const LONGEST_WAIT_SECONDS = 15 * 60;
/** Addresses kept per window for the owner's notice. */
const IPS_KEPT = 50;

/** The wait after the n-th failure of a window (n ≥ max): 15 s, doubling per failure, at most 15 minutes. */
export function waitAfter(failure: number, max: number): number {
  return Math.min(LONGEST_WAIT_SECONDS, FIRST_WAIT_SECONDS * 2 ** Math.min(Math.max(0, failure - max), 10));
}

interface Window {
  key: string;
  windowStart: number;
  now: number;
  max: number;
  seconds: number;
}

function windowOf(subject: string): Window {
  const { max, seconds } = limitFor('LOGIN_ACCOUNT');
  const now = Math.floor(Date.now() / 1000);
  return { key: rateLimitKey('LOGIN_ACCOUNT', subject), windowStart: now - (now % seconds), now, max, seconds };
}

export interface LoginTry {
  window: Window;
  /** This try's place among the window's failures and tries in flight. */
  count: number;
  /** Whether this try holds the account's lock (from the limit's count on). */
  holdsLock: boolean;
}

const counter = (w: Window) => db().entities.rateLimit.update({ key: w.key, windowStart: w.windowStart });

async function lockedAnswer(w: Window): Promise<HttpError> {
  const { data } = await db().entities.rateLimit.get({ key: w.key, windowStart: w.windowStart }).go({ consistent: true });
  return tooManyRequests((data?.lockedUntil ?? w.now + 1) - w.now);
}

/**
 * Counts a try on an account (its id; an unknown address counts under the address, so it answers
 * alike) before its password is checked. Throws 429 while the account is slowed down.
 */
export async function beginLoginTry(subject: string): Promise<LoginTry> {
  const w = windowOf(subject);
  let count: number;
  try {
    const { data } = await counter(w)
      .add({ count: 1 })
      .set({ expiresAt: w.windowStart + w.seconds })
      .where((a, op) => `${op.notExists(a.lockedUntil)} OR ${op.lte(a.lockedUntil, w.now)}`)
      .go({ response: 'all_new' });
    count = data.count ?? 1;
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    throw await lockedAnswer(w);
  }
  if (count < w.max) return { window: w, count, holdsLock: false };
  try {
    await counter(w)
      .set({ lockedUntil: w.now + waitAfter(count, w.max) })
      .where((a, op) => `${op.notExists(a.lockedUntil)} OR ${op.lte(a.lockedUntil, w.now)}`)
      .go();
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    await counter(w).add({ count: -1 }).go();
    throw await lockedAnswer(w);
  }
  return { window: w, count, holdsLock: true };
}

/** The password was right: the try is given back, and the lock it held released. */
export async function loginTrySucceeded(t: LoginTry): Promise<void> {
  const update = counter(t.window).add({ count: -1 });
  await (t.holdsLock ? update.remove(['lockedUntil']) : update).go();
}

/**
 * The password was wrong: the failure is kept with where it came from. Past the limit this throws
 * 429 (the lock the try holds stays for its wait) and e-mails the account's owner, once a day.
 */
export async function loginTryFailed(t: LoginTry, ip: string, owner: { uuid: string; email: string } | null): Promise<void> {
  const kept = t.count <= IPS_KEPT ? (await counter(t.window).add({ ips: [ip] }).go({ response: 'all_new' })).data.ips : undefined;
  if (!t.holdsLock) return;
  if (owner && (await takeToday(rateLimitKey('LOGIN_ACCOUNT_NOTICE', owner.uuid), 1)).taken) {
    await sendLoginSlowdown(owner.email, t.count, [...(kept ?? [ip])].sort());
  }
  throw tooManyRequests(waitAfter(t.count, t.window.max));
}

/** A password reset (or a new password from the verification link): the account starts afresh. */
export async function clearLoginLimit(userId: string): Promise<void> {
  const w = windowOf(userId);
  await db().entities.rateLimit.delete({ key: w.key, windowStart: w.windowStart }).go();
}
