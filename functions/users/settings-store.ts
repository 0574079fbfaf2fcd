/**
 * User settings (notifications, privacy, nearby radius, units), one item beside the profile.
 * Two of them decide where the user is listed, so the user item mirrors them (nearbyVisible,
 * directoryVisible) and the sparse indexes drop or add the user in the same transaction.
 */
import type { UserSettings } from '../../shared/answers/users';
import type { MailSetting } from '../../shared/constants';
import { DEFAULT_USER_SETTINGS } from '../../shared/schemas/users';
import type { UserItem } from '../db/entities/user';
import type { UserSettingsItem } from '../db/entities/user-settings';
import { db } from '../db/service';
import { failedChecks, isConditionFailure, named, txEntities, writeItems, type TxItem } from '../db/transact';
import { conflict, HttpError, unauthorized } from '../lib/errors';
import { SESSION_LIVE } from '../lib/session/live';
import { afterRelisting, relistItems } from '../listings/relist';

const ACCOUNT_UNCHANGED = 'account-unchanged';

export function toSettings(item: UserSettingsItem | null): UserSettings {
  if (!item) return { ...DEFAULT_USER_SETTINGS };
  return {
    notify_email_messages: item.notify_email_messages,
    notify_email_comments: item.notify_email_comments,
    notify_email_events: item.notify_email_events,
    notify_email_announcements: item.notify_email_announcements ?? true,
    notify_email_wanted: item.notify_email_wanted ?? true,
    show_in_nearby: item.show_in_nearby,
    show_in_directory: item.show_in_directory,
    nearby_radius_km: item.nearby_radius_km as UserSettings['nearby_radius_km'],
    units: item.units,
  };
}

async function storedSettings(userId: string): Promise<UserSettingsItem | null> {
  const { data } = await db().entities.userSettings.get({ userId }).go();
  return data;
}

/** The user's settings; the defaults while none are stored. */
export async function readSettings(userId: string): Promise<UserSettings> {
  return toSettings(await storedSettings(userId));
}

/** Stores the defaults unless settings exist; idempotent. */
export async function createSettings(userId: string): Promise<{ settings: UserSettings; created: boolean }> {
  try {
    const { data } = await db().entities.userSettings.create({ userId, ...DEFAULT_USER_SETTINGS }).go();
    return { settings: toSettings(data), created: true };
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
    return { settings: await readSettings(userId), created: false };
  }
}

/**
 * Turns one mail setting off (an unsubscribe link), the partial update of updateSettings: a member
 * with no settings stored yet gets the defaults with that one off. At most one write, and none
 * when the setting is off already, so a link followed again and again costs a read each time.
 * Answers whether it wrote.
 */
export async function turnOffMailSetting(userId: string, setting: MailSetting): Promise<boolean> {
  const stored = await storedSettings(userId);
  if (stored && stored[setting] === false) return false;
  const change: Partial<UserSettings> = {};
  change[setting] = false;
  if (!stored) {
    try {
      await db().entities.userSettings.create({ userId, ...DEFAULT_USER_SETTINGS, ...change }).go();
      return true;
    } catch (err) {
      // Stored meanwhile (the member saved settings): change that item instead.
      if (!isConditionFailure(err)) throw err;
    }
  }
  try {
    await db().entities.userSettings.patch({ userId }).set(change).go();
  } catch (err) {
    // Removed meanwhile (the account deleted): nothing is sent to it any more.
    if (!isConditionFailure(err)) throw err;
    return false;
  }
  return true;
}

/** The user-item flags that mirror the listing settings, where `changes` moves them. */
function listingChanges(user: UserItem, changes: Partial<UserSettings>): Partial<Pick<UserItem, 'nearbyVisible' | 'directoryVisible'>> {
  const out: Partial<Pick<UserItem, 'nearbyVisible' | 'directoryVisible'>> = {};
  if (changes.show_in_nearby !== undefined && changes.show_in_nearby !== (user.nearbyVisible !== false)) out.nearbyVisible = changes.show_in_nearby;
  if (changes.show_in_directory !== undefined && changes.show_in_directory !== (user.directoryVisible !== false)) out.directoryVisible = changes.show_in_directory;
  return out;
}

/**
 * Changes some settings (an atomic partial update, so concurrent changes of different fields both
 * land); when a listing setting moves, the user item changes in the same transaction.
 */
/**
 * Saves some of the member's settings; `guard` (unverifiedSessionGuard) joins the write as a
 * condition, and a failed guard answers 401.
 */
export async function updateSettings(user: UserItem, changes: Partial<UserSettings>, guard: TxItem[] = []): Promise<UserSettings> {
  if (!(await storedSettings(user.uuid))) await createSettings(user.uuid);
  if (Object.keys(changes).length === 0) return readSettings(user.uuid);

  const flags = listingChanges(user, changes);
  if (Object.keys(flags).length === 0 && guard.length === 0) {
    const { data } = await db().entities.userSettings.patch({ userId: user.uuid }).set(changes).go({ response: 'all_new' });
    return toSettings(data);
  }
  const { uuid, updatedAt: previous, ...rest } = user;
  // Hiding from nearby searches (or showing up again) moves the member's plant listings too.
  const relisting = relistItems(user, { ...user, ...flags });
  const { userSettings, user: u } = txEntities();
  const items = [
    userSettings.patch({ userId: uuid }).set(changes).commit(),
    ...(Object.keys(flags).length ? [named(ACCOUNT_UNCHANGED, u.put({ uuid, ...rest, ...flags }).where((a, op) => op.eq(a.updatedAt, previous)).commit())] : []),
    ...relisting.items,
    ...guard,
  ];
  const out = await writeItems(items);
  const failed = failedChecks(out, items);
  if (failed.has(SESSION_LIVE)) throw unauthorized('Your session has ended; sign in again');
  if (failed.has(ACCOUNT_UNCHANGED)) throw conflict('Your account changed meanwhile; reload and try again');
  if (out.canceled) throw new HttpError(503, 'unavailable', 'Could not save your settings; try again', undefined, { 'retry-after': '1' });
  await afterRelisting(uuid, relisting);
  return readSettings(uuid);
}
