/**
 * The one-click unsubscribe (RFC 8058): the token from a mail's `List-Unsubscribe` header (or the
 * link in its text) turns off the one setting it names, for the one member it names.
 *
 * What a call costs: a token that is not ours (forged, altered, for another setting) is refused
 * by its HMAC before anything is read; one of ours costs reading the account and its settings,
 * and one write the first time only (an unsubscribe followed again finds the setting off). No
 * mail or SMS is ever sent from here. There is no rate limit: a counter would itself be a write
 * on every call, doubling what it guards, and mail providers post these from shared addresses
 * that a per-address limit could lock out; the stage throttle of the HTTP API meets floods.
 */
import type { MailSetting } from '../../shared/constants';
import { readUnsubscribeToken } from '../lib/outbound/unsubscribe';
import { turnOffMailSetting } from '../users/settings-store';
import { getUser } from '../users/users';

export interface Unsubscribe {
  setting: MailSetting;
  /** Whether a setting was written (false: it was off already, or the account is deleted). */
  changed: boolean;
}

/** The setting the token names, turned off; null when the token is not one of ours. */
export async function unsubscribe(token: string): Promise<Unsubscribe | null> {
  const named = await readUnsubscribeToken(token);
  if (!named) return null;
  const { userId, setting } = named;
  // Read consistently: an account deleted a moment ago must not get a settings item made for it.
  const user = await getUser(userId, true);
  // A deleted account is sent nothing any more: nothing to change, and no settings made for it.
  if (!user || user.deletedAt) return { setting, changed: false };
  return { setting, changed: await turnOffMailSetting(userId, setting) };
}
