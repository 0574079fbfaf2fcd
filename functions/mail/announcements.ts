/**
 * Announcements: an admin's plain-text e-mail to every registered member (U4, `users#complete`)
 * or to the members near a point (U5: only those who show in nearby). Sent in batches by a job
 * item (`announcement#<id>`) holding the audience, the text, a cursor and the sent and skipped
 * counts; at most one runs at a time (the lock item `announcement#running` names it).
 *
 * Each recipient of a batch is first marked (`announcement#<id>` / `to#user#<uuid>`, put with
 * `attribute_not_exists`) and only then mailed, so a batch run twice, or two runs at once, never
 * mail anyone twice; the counts move with the markers that were new. Judged when the batch runs:
 * a suspended or deleted account, an unverified address and `notify_email_announcements` off get
 * nothing (skipped). Every mail carries the one-click unsubscribe of RFC 8058 for that setting.
 *
 * In the cloud a scheduled job runs the running announcement every minute
 * (functions/mail/send-announcements.ts); locally the host polls every 2 s.
 */
import { randomUUID } from 'node:crypto';
import type { Announcement } from '../../shared/answers/admin';
import type { GeoPoint } from '../../shared/site';
import { batchGet, getItem, queryPage, type RawItem } from '../db/batch';
import { absent, and, eq, exists } from '../db/condition';
import type { UserItem } from '../db/entities/user';
import { db } from '../db/service';
import { isConditionFailure, writeItems } from '../db/transact';
import { putItem, updateItem } from '../db/write';
import { conflict, HttpError, notFound } from '../lib/errors';
import { nearest, readGeoCell } from '../lib/geo-search';
import { logger } from '../lib/logger';
import { mailer } from '../lib/outbound/mailer';
import { unsubscribePartsIfSigned } from '../lib/outbound/unsubscribe';
import { siteOrigin } from '../lib/site-origin';
import { toSettings } from '../users/settings-store';
import type { UserSettingsItem } from '../db/entities/user-settings';

export const SETTING = 'notify_email_announcements';
/** Members read and mailed per batch. */
export const BATCH = 25;
const LOCK = { pk: 'announcement#running', sk: 'lock' } as const;
const RUNNING_PK = 'announcements#running';
/** Markers are kept this long after an announcement, then expire. */
const MARKER_DAYS = 30;

export interface Audience {
  audience: 'all' | 'near';
  latitude?: number | undefined;
  longitude?: number | undefined;
  radiusKm?: number | undefined;
}

interface AnnouncementItem extends RawItem {
  id: string;
  audience: 'all' | 'near';
  latitude?: number;
  longitude?: number;
  radiusKm?: number;
  subject: string;
  text: string;
  /** Where the next batch starts: the last member handled ('' from the start, and once done). */
  cursor: string;
  sent: number;
  skipped: number;
  state: 'running' | 'done';
  createdAt: string;
  createdBy: string;
  finishedAt?: string;
}

const jobKey = (id: string) => ({ pk: `announcement#${id}`, sk: 'announcement' });
const markerKey = (id: string, userId: string) => ({ pk: `announcement#${id}`, sk: `to#user#${userId}` });

export function toAnnouncement(item: AnnouncementItem): Announcement {
  return {
    id: item.id,
    audience: item.audience,
    latitude: item.latitude ?? null,
    longitude: item.longitude ?? null,
    radiusKm: item.radiusKm ?? null,
    subject: item.subject,
    state: item.state,
    sent: item.sent,
    skipped: item.skipped,
    createdAt: item.createdAt,
    finishedAt: item.finishedAt ?? null,
  };
}

/** The point and radius of a `near` audience; a 400 naming the missing field. */
export function nearPlace(a: Audience): { point: GeoPoint; radiusKm: number } | null {
  if (a.audience === 'all') return null;
  if (a.latitude === undefined) throw new HttpError(400, 'bad_request', 'latitude: is required for members near a place', 'latitude');
  if (a.longitude === undefined) throw new HttpError(400, 'bad_request', 'longitude: is required for members near a place', 'longitude');
  if (a.radiusKm === undefined) throw new HttpError(400, 'bad_request', 'radiusKm: is required for members near a place', 'radiusKm');
  return { point: { latitude: a.latitude, longitude: a.longitude }, radiusKm: a.radiusKm };
}

/** Every member near the point who shows in nearby (U5), by id; and the radius searched. */
async function membersNear(point: GeoPoint, wantedKm: number): Promise<{ users: UserItem[]; radiusKm: number }> {
  const { found, radiusKm } = await nearest<UserItem>(
    {
      readCell: (precision, cell) => readGeoCell<UserItem>(db().entities.user.query, precision, cell),
      idOf: (item) => item.uuid,
      positionOf: (item) => (item.latitude === undefined || item.longitude === undefined ? null : { latitude: item.latitude, longitude: item.longitude }),
    },
    point,
    wantedKm,
    Number.POSITIVE_INFINITY,
  );
  return { users: found.map((f) => f.item).sort((a, b) => (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0)), radiusKm };
}

/** One page of the audience after `cursor`: the members, and the cursor after them (null: the last page). */
async function audiencePage(a: Audience, cursor: string, limit: number): Promise<{ users: UserItem[]; next: string | null }> {
  const place = nearPlace(a);
  if (place) {
    const { users } = await membersNear(place.point, place.radiusKm);
    const after = cursor ? users.filter((u) => u.uuid > cursor) : users;
    const page = after.slice(0, limit);
    return { users: page, next: after.length > limit ? page.at(-1)!.uuid : null };
  }
  const start = cursor ? (JSON.parse(cursor) as Record<string, unknown>) : undefined;
  const { items, next } = await queryPage('users#complete', { index: 'gsi1', limit, ...(start ? { start } : {}) });
  const users = items.map((raw) => db().entities.user.parse({ Item: raw }).data as UserItem | null).filter((u): u is UserItem => !!u);
  return { users, next: next ? JSON.stringify(next) : null };
}

/** The settings of these members, defaults where none are stored (one BatchGet per 100). */
async function settingsOf(userIds: string[]): Promise<Map<string, boolean>> {
  const out = new Map<string, boolean>();
  if (!userIds.length) return out;
  const raws = await batchGet(userIds.map((id) => ({ pk: `user#${id}`, sk: 'settings' })));
  for (const raw of raws) {
    const item = db().entities.userSettings.parse({ Item: raw }).data as UserSettingsItem | null;
    if (item) out.set(item.userId, toSettings(item)[SETTING]);
  }
  for (const id of userIds) if (!out.has(id)) out.set(id, true);
  return out;
}

/** Whether the member gets announcements now. */
const reachable = (u: UserItem, on: boolean | undefined): boolean => !!u.email && u.emailVerified && !u.suspended && !u.deletedAt && on !== false;

/** How many members the audience would mail now, and the radius searched (null for all). */
export async function countRecipients(a: Audience): Promise<{ recipients: number; radiusKm: number | null }> {
  const place = nearPlace(a);
  let recipients = 0;
  let cursor = '';
  let radiusKm: number | null = null;
  if (place) radiusKm = (await membersNear(place.point, place.radiusKm)).radiusKm;
  do {
    const page = await audiencePage(a, cursor, 100);
    const on = await settingsOf(page.users.map((u) => u.uuid));
    recipients += page.users.filter((u) => reachable(u, on.get(u.uuid))).length;
    cursor = page.next ?? '';
  } while (cursor);
  return { recipients, radiusKm };
}

/** Stores a new announcement and takes the lock in one transaction; 409 while another runs. */
export async function startAnnouncement(adminId: string, input: Audience & { subject: string; text: string }, now = new Date()): Promise<Announcement> {
  const place = nearPlace(input);
  const id = randomUUID();
  const createdAt = now.toISOString();
  const item: AnnouncementItem = {
    ...jobKey(id),
    id,
    audience: input.audience,
    ...(place ? { latitude: place.point.latitude, longitude: place.point.longitude, radiusKm: place.radiusKm } : {}),
    subject: input.subject,
    text: input.text,
    cursor: '',
    sent: 0,
    skipped: 0,
    state: 'running',
    createdAt,
    createdBy: adminId,
    gsi3pk: RUNNING_PK,
    gsi3sk: `${createdAt}#${id}`,
  };
  const out = await writeItems([putItem({ ...LOCK, runningId: id }, absent('runningId')), putItem(item, absent())]);
  if (out.canceled) throw conflict('An announcement is still being sent; wait for it to finish');
  return toAnnouncement(item);
}

export async function readAnnouncement(id: string): Promise<Announcement> {
  const item = (await getItem(jobKey(id), { consistent: true })) as AnnouncementItem | null;
  if (!item?.subject) throw notFound('No such announcement', 'id');
  return toAnnouncement(item);
}

/** The mail one member gets. */
async function mailOne(item: AnnouncementItem, user: UserItem): Promise<void> {
  const unsubscribe = await unsubscribePartsIfSigned(user.uuid, SETTING);
  await mailer().send({
    to: user.email,
    subject: item.subject,
    text: `${item.text}\n\n${siteOrigin()}\n\nYou get this because you are a member and announcements are on in your settings.${unsubscribe ? `\nStop these e-mails: ${unsubscribe.link}` : ''}`,
    ...(unsubscribe ? { headers: unsubscribe.headers } : {}),
  });
}

/**
 * Handles one batch of an announcement from `cursor` (the job's own cursor unless given): marks
 * and mails each member new to it, then moves the cursor and counts on from where it was read,
 * and finishes the job (and frees the lock) after the last page. Answers the mails sent.
 */
export async function sendBatch(id: string, opts: { cursor?: string; limit?: number } = {}): Promise<{ sent: number; skipped: number; done: boolean }> {
  const item = (await getItem(jobKey(id), { consistent: true })) as AnnouncementItem | null;
  if (!item?.subject) return { sent: 0, skipped: 0, done: true };
  const from = opts.cursor !== undefined ? opts.cursor : item.cursor;
  const page = await audiencePage(item, from, opts.limit ?? BATCH);
  const on = await settingsOf(page.users.map((u) => u.uuid));
  const expiresAt = Math.ceil(Date.now() / 1000) + MARKER_DAYS * 86_400;
  let sent = 0;
  let skipped = 0;
  for (const user of page.users) {
    const send = reachable(user, on.get(user.uuid));
    const marked = await writeItems([putItem({ ...markerKey(id, user.uuid), outcome: send ? 'sent' : 'skipped', expiresAt }, absent())]);
    if (marked.canceled) continue; // handled before: never twice
    if (!send) {
      skipped++;
      continue;
    }
    try {
      await mailOne(item, user);
      sent++;
    } catch (err) {
      logger.error('could not send an announcement', { error: err as Error, announcement: id });
      skipped++;
    }
  }
  // The counts and cursor move on only from the cursor this batch read (a rerun adds nothing it did not mark).
  const done = page.next === null;
  const finish = done ? { state: 'done', finishedAt: new Date().toISOString() } : {};
  const moved = await writeItems([
    updateItem({
      key: jobKey(id),
      set: { cursor: page.next ?? '', ...finish },
      add: { sent, skipped },
      ...(done ? { remove: ['gsi3pk', 'gsi3sk'] } : {}),
      condition: and(exists(), eq('cursor', item.cursor), eq('state', 'running')),
    }),
    ...(done ? [updateItem({ key: LOCK, remove: ['runningId'], condition: eq('runningId', id) })] : []),
  ]);
  if (moved.canceled && (sent || skipped)) {
    // Another run moved the job meanwhile: the counts still tally what this run marked.
    try {
      await writeItems([updateItem({ key: jobKey(id), add: { sent, skipped }, condition: exists() })]);
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
  }
  return { sent, skipped, done };
}

/** Runs the announcement that is being sent, batch by batch, until it is done or `deadlineMs` passes. */
export async function runAnnouncements({ deadlineMs = Number.POSITIVE_INFINITY }: { deadlineMs?: number } = {}): Promise<{ sent: number }> {
  const { items } = await queryPage(RUNNING_PK, { index: 'gsi3', limit: 5, attributes: ['id'] });
  let sent = 0;
  for (const { id } of items as { id?: string }[]) {
    if (!id) continue;
    for (;;) {
      if (Date.now() > deadlineMs) return { sent };
      const out = await sendBatch(id);
      sent += out.sent;
      if (out.done) break;
    }
  }
  return { sent };
}
