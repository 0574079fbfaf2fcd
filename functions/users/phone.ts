/**
 * Phone verification, how a member proves they hold a number (the site may require it to post
 * plants: `post-plants` in permission-rules.ts): a 6-digit code by SMS, stored hashed, 10 minutes,
 * 5 tries, single use. Confirming first marks the phone verified on the user, then records the
 * confirmation.
 */
import { randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { PhoneCheckStarted } from '../../shared/answers/users';
import type { PhoneCheckItem } from '../db/entities/phone-check';
import { db } from '../db/service';
import { sha256 } from '../lib/crypto';
import { badRequest, conflict, forbidden, HttpError, notFound, unauthorized } from '../lib/errors';
import { logger } from '../lib/logger';
import { smsSender } from '../lib/outbound/sms';
import { hitRateLimit } from '../lib/rate-limit';
import { assertCountryAllowed, loadSmsSettings, spendSmsBudget } from './phone-limits';
import { getUser, saveUser } from './users';
import { isConditionFailure } from '../db/transact';

export const PHONE_CODE_TTL_SECONDS = 10 * 60;
export const PHONE_CODE_MAX_TRIES = 5;

/**
 * The number in E.164 when libphonenumber-js finds it valid for its country's numbering plan
 * (international form, with its + and country code); null otherwise.
 */
export function normalisePhone(raw: string): string | null {
  const parsed = parsePhoneNumberFromString(raw.trim());
  return parsed?.isValid() ? parsed.number : null;
}

/** The stored form of a code: salted with its record id, so equal codes never hash alike. */
export function phoneCodeHash(recordId: string, code: string): string {
  return sha256(`${recordId}:${code}`);
}

const UNVERIFIABLE: PhoneCheckStarted = { unverifiable: true, recordId: '' };

/**
 * Sends a code to the number; an invalid or unsendable number is "unverifiable" (not an error).
 * Texts cost money, so (SMS pumping) only an account with a verified e-mail may ask, only for a
 * number of an allowed country, within its own limits and the site's daily budget.
 */
export async function startPhoneCheck(userId: string, phoneNo: string): Promise<PhoneCheckStarted> {
  const [user, settings] = await Promise.all([getUser(userId), loadSmsSettings()]);
  if (!user) throw unauthorized('Your account no longer exists');
  if (!user.emailVerified) throw new HttpError(403, 'email_unverified', 'Verify your e-mail address before adding a phone number');
  if (user.suspended) throw forbidden('Your account is suspended: your phone number cannot be changed');
  const parsed = parsePhoneNumberFromString(phoneNo.trim());
  if (!parsed?.isValid()) return UNVERIFIABLE;
  const phone = parsed.number;
  assertCountryAllowed(parsed.country, settings);
  await hitRateLimit('SMS_USER', userId);
  await hitRateLimit('SMS_USER', `phone:${phone}`); // nobody can flood one number from many accounts
  await spendSmsBudget(settings); // last: texts refused above never count against the site
  const recordId = randomUUID();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db()
    .entities.phoneCheck.create({
      userId,
      recordId,
      phone,
      codeHash: phoneCodeHash(recordId, code),
      expiresAt: Math.floor(Date.now() / 1000) + PHONE_CODE_TTL_SECONDS,
    })
    .go();
  try {
    await smsSender().send(phone, `Your Leafline code is ${code}. It expires in 10 minutes. Do not share it.`);
  } catch (err) {
    logger.warn('could not send the phone verification SMS', { error: err as Error, userId });
    return UNVERIFIABLE;
  }
  return { unverifiable: false, recordId };
}

const expired = () => new HttpError(400, 'code_expired', 'code has expired; ask for a new one', 'code');
const locked = () => new HttpError(403, 'code_locked', 'Too many wrong codes; ask for a new one', 'code');
const used = () => conflict('This code was already used', 'code');

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

async function readCheck(userId: string, recordId: string): Promise<PhoneCheckItem | null> {
  const { data } = await db().entities.phoneCheck.get({ userId, recordId }).go();
  return data;
}

/** Why a check can no longer be tried, if it cannot. */
function refusal(check: PhoneCheckItem): HttpError | null {
  if (check.confirmedAt) return used();
  if (check.expiresAt <= Date.now() / 1000) return expired();
  if (check.tries >= PHONE_CODE_MAX_TRIES) return locked();
  return null;
}

export async function confirmPhone(userId: string, phoneNo: string, recordId: string, code: string): Promise<void> {
  const phone = normalisePhone(phoneNo);
  if (!phone) throw badRequest('phoneNo is not a phone number in international form (+61…)', 'phoneNo');
  const check = await readCheck(userId, recordId);
  if (!check) throw notFound('No such phone check; ask for a new code');
  if (check.phone !== phone) throw badRequest('phoneNo is not the number the code was sent to', 'phoneNo');
  const before = refusal(check);
  if (before) throw before;

  // Count the try before comparing, atomically: parallel guesses cannot exceed the limit.
  let tries: number;
  try {
    const { data } = await db()
      .entities.phoneCheck.patch({ userId, recordId })
      .add({ tries: 1 })
      .where((a, op) => `${op.lt(a.tries, PHONE_CODE_MAX_TRIES)} AND ${op.notExists(a.confirmedAt)}`)
      .go({ response: 'all_new' });
    tries = data.tries ?? PHONE_CODE_MAX_TRIES;
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    const now = await readCheck(userId, recordId);
    throw (now && refusal(now)) ?? locked();
  }
  if (!sameHash(phoneCodeHash(recordId, code), check.codeHash)) {
    const left = PHONE_CODE_MAX_TRIES - tries;
    throw badRequest(left > 0 ? `code is not right; ${left} ${left === 1 ? 'try' : 'tries'} left` : 'code is not right; ask for a new one', 'code');
  }

  const user = await getUser(userId);
  if (!user) throw unauthorized('Your account no longer exists');
  await saveUser({ ...user, phone, phoneVerified: true });
  try {
    await db()
      .entities.phoneCheck.patch({ userId, recordId })
      .set({ confirmedAt: new Date().toISOString() })
      .where((a, op) => op.notExists(a.confirmedAt))
      .go();
  } catch (err) {
    if (isConditionFailure(err)) throw used();
    throw err;
  }
}
