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
import { batchGet, getItem, queryAll, queryPage, type RawItem } from '../db/batch';
import { absent, and, eq, exists } from '../db/condition';
import type { UserItem } from '../db/entities/user';
import { db } from '../db/service';
import { isConditionFailure, writeItems } from '../db/transact';
import { putItem, updateItem } from '../db/write';
import { conflict, HttpError, notFound } from '../lib/errors';
import { coveringCells, distanceKm } from '../../shared/geohash';
import { searchPlan } from '../lib/geo-search';
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

/** Where a `near` audience's walk is: the covering cell it reads (by its index) and the key to go on from in it. */
interface NearCursor {
  cell: number;
  key: string | null;
}

function nearCursorOf(cursor: string): NearCursor {
  if (!cursor) return { cell: 0, key: null };
  try {
    const c = JSON.parse(cursor) as Partial<NearCursor>;
    if (typeof c.cell === 'number' && Number.isInteger(c.cell) && c.cell >= 0 && (c.key === null || typeof c.key === 'string')) return { cell: c.cell, key: c.key };
  } catch {
    // A cursor of another shape (an older job's): start the walk again; the markers mail no one twice.
  }
  return { cell: 0, key: null };
}

/**
 * One page of the members near the point who show in nearby (U5): the covering cells of the
 * radius (searchPlan, at most 9) are walked one after another, each read in pages of `limit` from
 * where the last page stopped, and only those within the radius are kept. Each member is read
 * once in the whole walk, however dense the place (no cell is cut short).
 */
async function nearPage(point: GeoPoint, wantedKm: number, cursor: string, limit: number): Promise<{ users: UserItem[]; next: string | null }> {
  const { precision, radiusKm } = searchPlan(point, wantedKm);
  const cells = coveringCells(point, precision);
  const at = nearCursorOf(cursor);
  if (at.cell >= cells.length) return { users: [], next: null };
  const cell = cells[at.cell]!;
  const query = db().entities.user.query;
  const index = precision === 5 ? query.nearby5({ geoCell5: cell }) : precision === 4 ? query.nearby4({ geoCell4: cell }) : query.nearby3({ geoCell3: cell });
  const { data, cursor: key } = await index.go({ limit, ...(at.key ? { cursor: at.key } : {}) });
  const users = (data as UserItem[]).filter((u) => u.latitude !== undefined && u.longitude !== undefined && distanceKm(point, { latitude: u.latitude, longitude: u.longitude }) <= radiusKm);
  const next: NearCursor | null = key ? { cell: at.cell, key } : at.cell + 1 < cells.length ? { cell: at.cell + 1, key: null } : null;
  return { users, next: next ? JSON.stringify(next) : null };
}

/** One page of the audience after `cursor`: the members, and the cursor after them (null: the last page). */
export async function audiencePage(a: Audience, cursor: string, limit: number): Promise<{ users: UserItem[]; next: string | null }> {
  const place = nearPlace(a);
  if (place) return nearPage(place.point, place.radiusKm, cursor, limit);
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
  const radiusKm = place ? searchPlan(place.point, place.radiusKm).radiusKm : null;
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

/** Sets an announcement's `sent` and `skipped` from its recipients' markers (one paged Query of its partition). */
async function recountOutcomes(id: string): Promise<void> {
  const markers = await queryAll(jobKey(id).pk, { prefix: 'to#user#', attributes: ['outcome'] });
  const sent = markers.filter((m) => m.outcome === 'sent').length;
  await writeItems([updateItem({ key: jobKey(id), set: { sent, skipped: markers.length - sent }, condition: exists() })]);
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
      await writeItems([updateItem({ key: markerKey(id, user.uuid), set: { outcome: 'failed' } })]).catch(() => undefined);
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
    // Another run moved the job meanwhile: while it runs, the counts still tally what this run
    // marked; once it is done (its recount may have come before this run's last markers), they
    // are counted again from the markers.
    try {
      await writeItems([updateItem({ key: jobKey(id), add: { sent, skipped }, condition: and(exists(), eq('state', 'running')) })]);
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
      await recountOutcomes(id);
    }
  }
  // Done: the counts are set from the markers themselves, so a run that died after mailing,
  // before its batch's write, is counted too (the progress shown while running may lag by it).
  if (done && !moved.canceled) await recountOutcomes(id);
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
