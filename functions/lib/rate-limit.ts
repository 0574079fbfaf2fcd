/**
 * Fixed-window rate limits kept in the table (U8): one counter item per key and window, raised
 * by ADD, expiring by TTL. The window is also checked in code, since the emulator never expires
 * items. Limits are configurable: RATE_LIMIT_<NAME> = "<max>/<seconds>".
 */
import { rateLimitKey } from '../db/entities/rate-limit';
import { db } from '../db/service';
import { tooManyRequests } from './errors';

export const DEFAULT_LIMITS = {
  /** Identity. `_IP` limits count an IPv4 address or an IPv6 /64 (ipKey in lib/ip-key.ts). */
  LOGIN_IP: { max: 25, seconds: 5 * 60 },
  /** Wrong tries on one address from one IP: strangers elsewhere cannot lock its owner out. */
  LOGIN_EMAIL: { max: 25, seconds: 60 * 60 },
  /**
   * Wrong passwords for one account from every address together: from this failure of a window on,
   * tries are slowed down (429, a wait doubling up to 15 minutes; functions/auth/login-limit.ts).
   * Above LOGIN_EMAIL, so one address meets its own limit first.
   */
  LOGIN_ACCOUNT: { max: 30, seconds: 60 * 60 },
  SIGNUP_IP: { max: 5, seconds: 30 * 60 },
  RESET_EMAIL: { max: 5, seconds: 30 * 60 },
  /** Reset and verification links together, from one IP: each costs a mail, to an owner or to the sink. */
  LINK_MAIL_IP: { max: 20, seconds: 30 * 60 },
  /** "How to delete your account" mails, per member: it goes to the member's own address, a few a day at most. */
  ACCOUNT_MAIL_USER: { max: 3, seconds: 24 * 60 * 60 },
  VERIFY_EMAIL: { max: 5, seconds: 30 * 60 },
  SMS_USER: { max: 5, seconds: 60 * 60 },
  /** Content, per member: generous for people, a wall for scripts. */
  POST_USER: { max: 30, seconds: 60 * 60 },
  COMMENT_USER: { max: 120, seconds: 60 * 60 },
  UPLOAD_USER: { max: 150, seconds: 60 * 60 },
  /** Avatars change rarely: a few dozen upload URLs an hour is plenty for a person choosing one. */
  AVATAR_USER: { max: 30, seconds: 60 * 60 },
  /** Likes: a few hundred an hour is a busy afternoon of scrolling; a script meets the wall. */
  REACTION_USER: { max: 300, seconds: 60 * 60 },
  /** Pages: a person starts a few; scripts squatting handles meet the wall. */
  PAGE_USER: { max: 5, seconds: 24 * 60 * 60 },
  /** Events: a busy organiser makes a few a day; a script meets the wall. */
  EVENT_USER: { max: 20, seconds: 24 * 60 * 60 },
  /** Each attendance change notifies the creator: plenty for a person, a wall for a loop. */
  EVENT_ATTEND_USER: { max: 120, seconds: 60 * 60 },
  /** Changing events (dates added, moved, cancelled, a series rewritten) tells their attendees: plenty for an organiser, a wall for a loop. */
  EVENT_EDIT_USER: { max: 120, seconds: 60 * 60 },
  /** A new calendar feed address: rarely needed. */
  ICS_TOKEN_USER: { max: 10, seconds: 24 * 60 * 60 },
  /** Joining, leaving and requests notify a page's staff: plenty for a person, a wall for a loop. */
  PAGE_JOIN_USER: { max: 60, seconds: 60 * 60 },
  /** Invitations notify their member: per inviter, and per page and member (an invite-remove loop meets it). */
  PAGE_INVITE_USER: { max: 30, seconds: 60 * 60 },
  PAGE_INVITE_TARGET: { max: 3, seconds: 24 * 60 * 60 },
  /** Messages: a lively conversation is a few hundred an hour; a script meets the wall. */
  MESSAGE_USER: { max: 300, seconds: 60 * 60 },
  /** New conversations: a buyer writes to a few dozen sellers a day; a script meets the wall. */
  CONVERSATION_USER: { max: 100, seconds: 24 * 60 * 60 },
  /** Blocking is rare; a loop of block and unblock meets the wall. */
  BLOCK_USER: { max: 100, seconds: 24 * 60 * 60 },
  /** Socket tickets: one per connection, a reconnecting tab takes a few. */
  REALTIME_TICKET_USER: { max: 240, seconds: 60 * 60 },
  /** Contact and report forms e-mail every admin: a handful an hour. */
  FORM_USER: { max: 5, seconds: 60 * 60 },
  /**
   * Searches: each reads up to six indexes. The search box asks as a member types (after a pause),
   * so a busy hour of looking is a few hundred; a script walking the index meets the wall.
   */
  SEARCH_USER: { max: 600, seconds: 60 * 60 },
  /** Swap requests each send the listing's owner a message: plenty for a keen swapper's day. */
  SWAP_USER: { max: 30, seconds: 24 * 60 * 60 },
  /** Wanted entries each file up to 9 index items: a list is built in an evening; churn past that meets the wall. */
  WANTED_USER: { max: 60, seconds: 24 * 60 * 60 },
  /** Reports reach the admins' queue: a member flags a few things a day; a script meets the wall. */
  REPORT_USER: { max: 20, seconds: 60 * 60 },
  /** Counting an announcement's audience reads every member it names: plenty for an admin writing one. */
  ANNOUNCEMENT_COUNT_ADMIN: { max: 120, seconds: 60 * 60 },
  /** Announcements mail members: a few a day per admin at most. */
  ANNOUNCEMENT_ADMIN: { max: 10, seconds: 24 * 60 * 60 },
} as const;
export type LimitName = keyof typeof DEFAULT_LIMITS;

export function limitFor(name: LimitName, env: NodeJS.ProcessEnv = process.env): { max: number; seconds: number } {
  const m = /^(\d+)\/(\d+)$/.exec(env[`RATE_LIMIT_${name}`] ?? '');
  return m ? { max: Number(m[1]), seconds: Number(m[2]) } : DEFAULT_LIMITS[name];
}

/**
 * Counts one attempt on `subject` (a user, an IP, an address, or several of them together) at
 * `nowMs`; throws 429 with Retry-After when the window's limit is passed.
 */
export async function hitRateLimit(name: LimitName, subject: string | readonly [string, ...string[]], nowMs = Date.now()): Promise<void> {
  const { max, seconds } = limitFor(name);
  const now = Math.floor(nowMs / 1000);
  const windowStart = now - (now % seconds);
  const parts: readonly string[] = typeof subject === 'string' ? [subject] : subject;
  const { data } = await db()
    .entities.rateLimit.update({ key: rateLimitKey(name, ...parts), windowStart })
    .add({ count: 1 })
    .set({ expiresAt: windowStart + seconds })
    .go({ response: 'all_new' });
  if ((data.count ?? 0) > max) throw tooManyRequests(windowStart + seconds - now);
}

/** How many attempts `subject` has left in the current window of `name`, and when it ends (seconds from now): a read, counting nothing. */
export async function rateLimitLeft(name: LimitName, subject: string, nowMs = Date.now()): Promise<{ left: number; resetsInSeconds: number }> {
  const { max, seconds } = limitFor(name);
  const now = Math.floor(nowMs / 1000);
  const windowStart = now - (now % seconds);
  const { data } = await db().entities.rateLimit.get({ key: rateLimitKey(name, subject), windowStart }).go({ consistent: true });
  return { left: Math.max(0, max - (data?.count ?? 0)), resetsInSeconds: windowStart + seconds - now };
}
