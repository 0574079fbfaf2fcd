/**
 * The jobs (infra/aws/jobs.ts: the scheduled jobs, the stream's dispatcher and the manual jobs an
 * operator invokes) are meant to be idempotent: a run that dies half-way leaves nothing the next
 * run does twice. Each test gives a job a few writes of work, runs it with the table refusing its
 * 2nd write (an error thrown before the command is sent, so it never lands), runs it again as the
 * schedule, the stream or the operator would, and checks that the outcome is exactly what one
 * clean run leaves: each notification and e-mail once, the work items gone, the counts right. A
 * third run must then find nothing to do (the stream's sweep of a deleted post, and each manual
 * job's run from the start, send a few harmless writes every time: said there).
 * (notify-mail marks each mail before it goes, so its test fails the write after the mail instead;
 * migrate-owner-kinds tries a claim of every member before its work, so its test counts them.)
 *
 * The jobs are called in-process, as infra/local/host.ts `startScheduledJobs` calls them, against
 * a host of this file's own whose timers are off, so nothing but the test runs them. Fixtures are
 * made over HTTP as members make them (test/support/job-runs.ts).
 */
import { randomUUID } from 'node:crypto';
import { DeleteCommand, ScanCommand, UpdateCommand, type UpdateCommandInput } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { send } from '../../bench/load/client';
import { LOAD_LIMITS } from '../../bench/load/mix';
import { withOwnHost } from '../support/own-host';
import {
  attend, client, DAY, dateAt, dateKeyOf, failedAtTheSecondWrite, HOUR, jobKit, leftToTheJob, mails, mailsTo, member, members,
  modifyRecord, newEvent, newListing, notices, ok, partition, rejected, startIn, stored, underWrites, uploadPhoto, type Run, type Write,
} from '../support/job-runs';
import { oldConversation } from '../support/old-shapes';

const own = withOwnHost('jobs-resume-', { scheduledJobs: false, env: { ...LOAD_LIMITS, ADMIN_EMAILS: 'admin@example.com' } });
jobKit(own);

// --- The manual jobs (data migrations): the table written directly, to put items back into the
// shape an older version stored, as their own tests do.

type Item = Record<string, unknown>;
type Key = { pk: string; sk: string };

async function raw() {
  const { documentClient, tableName } = await import('../../functions/db/client');
  return { doc: documentClient(), TableName: tableName() };
}
const deleteRaw = async (Key: Key) => {
  const { doc, TableName } = await raw();
  await doc.send(new DeleteCommand({ TableName, Key }));
};
const updateRaw = async (Key: Key, update: Omit<UpdateCommandInput, 'TableName' | 'Key'>) => {
  const { doc, TableName } = await raw();
  await doc.send(new UpdateCommand({ TableName, Key, ...update }));
};

/** A write as `<command> <pk> <sk>`; a run's writes so, sorted. */
const shown = (w: Write | null) => (w ? `${w.command} ${w.keys.join(', ')}` : 'none');
const shownAll = (run: Run<unknown>) => run.writes.map(shown).sort();
const keyOfWrite = (w: Write): Key => {
  const [pk, sk] = w.keys[0]!.split(' ');
  return { pk: pk!, sk: sk! };
};

/**
 * An operator's invocations of a manual job, each from the progress the one before saved, until
 * one answers done.
 */
async function untilDone<T extends { done: boolean; written: number }>(invoke: () => Promise<T>): Promise<{ answers: T[]; written: number }> {
  const answers: T[] = [];
  while (answers.length < 10) {
    const answer = await invoke();
    answers.push(answer);
    if (answer.done) return { answers, written: answers.reduce((n, a) => n + a.written, 0) };
  }
  throw new Error('not done after 10 invocations');
}

/**
 * The writes migrate-owner-kinds attempts before it comes to `key`, in the order its Scan walks
 * the table: a claim of each member and page it finds first (a conditional put, which the claim
 * already there refuses; the injector counts it all the same). Everything else in this file's
 * table was made by this version, so the migration has nothing else to write.
 */
async function claimsTriedBefore(key: Key): Promise<number> {
  const { doc, TableName } = await raw();
  let tried = 0;
  let start: Item | undefined;
  do {
    const page = await doc.send(new ScanCommand({ TableName, ConsistentRead: true, ...(start ? { ExclusiveStartKey: start } : {}) }));
    for (const i of page.Items ?? []) {
      if (i.pk === key.pk && i.sk === key.sk) return tried;
      if ((i.__edb_e__ === 'user' && i.sk === 'profile') || (i.__edb_e__ === 'page' && i.sk === 'page')) tried++;
    }
    start = page.LastEvaluatedKey;
  } while (start);
  throw new Error(`${key.pk} / ${key.sk} is not in the table`);
}

const unmarked = (items: Item[]) => items.map(({ migratedAt: _at, migratedSig: _sig, ...rest }) => rest);

describe('a job that fails half-way finishes on the next run, exactly once', () => {
  it('sweep-uploads: removes every unused upload once; the failed record is left for the next run, which takes only it', async () => {
    const { sweepExpiredUploads } = await import('../../functions/images/pending');
    const { removeSweptMessagePhoto } = await import('../../functions/lib/private-objects');
    const { verifyUploadedImage } = await import('../../functions/lib/images');
    const uploader = await member();
    const keys = [await uploadPhoto(uploader), await uploadPhoto(uploader), await uploadPhoto(uploader)];
    for (const key of keys) expect(await stored(`upload#${key}`, 'upload'), key).toBeDefined();
    // A day later, no post has claimed them.
    const later = Date.now() + 23 * HOUR;
    const sweep = () => sweepExpiredUploads(later, {}, removeSweptMessagePhoto);

    // The sweep catches a failure per upload: it answers what it removed and leaves the rest.
    const first = await underWrites(2, sweep);
    failedAtTheSecondWrite(first);
    expect(first.refused?.command).toBe('DeleteItem');
    expect(first.error).toBeUndefined();
    expect(first.value).toEqual({ removed: 2 });
    const left = (await Promise.all(keys.map(async (key) => ((await stored(`upload#${key}`, 'upload')) ? key : null)))).filter(Boolean);
    expect(left).toEqual([first.refused!.keys[0]!.replace(/^upload#(.*) upload$/, '$1')]);

    const second = await underWrites(null, sweep);
    expect(second.error).toBeUndefined();
    expect(second.value).toEqual({ removed: 1 });
    expect(second.writes).toEqual([{ command: 'DeleteItem', keys: [`upload#${left[0]} upload`] }]);
    for (const key of keys) {
      expect(await stored(`upload#${key}`, 'upload'), key).toBeUndefined();
      expect(await verifyUploadedImage(key, 10 * 1024 * 1024), key).toBe('missing');
    }

    const third = await underWrites(null, sweep);
    expect(third.value).toEqual({ removed: 0 });
    expect(third.writes).toEqual([]);
  });

  // A pending mail is claimed (its due time moved a 5-minute lease ahead), marked per person, mailed,
  // and only then finished (entries removed, `lastSentAt` set). Here the finishing write fails
  // after the mail went out: the item stays claimed with its entries; once the lease is over the
  // next run claims it again, finds the mail's mark and does not mail it a second time.
  it('notify-mail: a run that dies after a mail went out does not mail it again once the lease has run out', async () => {
    const { sendDueMail } = await import('../../functions/mail/notify-mail');
    const [sender, ...recipients] = await members(4);
    const conversations: string[] = [];
    for (const r of recipients) {
      const { convnId } = await ok<{ convnId: string }>(sender!, 'POST', '/api/iam/messages/new-u-to-u-conversation', { participants: [sender!.uuid, r.uuid] });
      await ok(sender!, 'POST', '/api/iam/messages/new', { id: randomUUID(), conversation_id: convnId, content: `Hello ${r.uuid.slice(0, 6)}` });
      conversations.push(convnId);
    }
    const keys = recipients.map((r, i) => ({ pk: `mailwait#conv#${conversations[i]}`, sk: `to#user#${r.uuid}` }));
    for (const k of keys) expect(await stored(k.pk, k.sk), k.pk).toMatchObject({ gsi3pk: 'mail#due', dueAt: expect.any(String) });
    const subject = /^A new message from /;

    // Once the delay (15 minutes) has passed. Each item: its claim, the mail's mark, the mail, its finish (refused).
    const due = Date.now() + 16 * 60_000;
    const first = await underWrites(3, () => sendDueMail({ nowMs: due }));
    expect(first.refused?.command).toBe('TransactWriteItems');
    expect(first.refused?.keys[0]).toMatch(/^mailwait#/);
    rejected(first, 3);
    expect(first.writes.map((w) => w.command)).toEqual(['TransactWriteItems', 'TransactWriteItems']);
    expect(first.writes[1]!.keys[0]).toMatch(/^mailsent#/);
    const firstKey = first.writes[0]!.keys[0]!;
    const firstRecipient = recipients[keys.findIndex((k) => `${k.pk} ${k.sk}` === firstKey)]!;
    expect(await mailsTo(firstRecipient, subject)).toHaveLength(1);

    // The next run after the claim's 5-minute lease takes every item that is still due.
    const retry = due + 6 * 60_000;
    const second = await underWrites(null, () => sendDueMail({ nowMs: retry }));
    expect(second.error).toBeUndefined();
    for (const k of keys) expect(await stored(k.pk, k.sk), k.pk).not.toHaveProperty('dueAt');
    for (const k of keys) expect((await stored(k.pk, k.sk))?.entries ?? new Set(), k.pk).toEqual(new Set());

    const third = await underWrites(null, () => sendDueMail({ nowMs: retry }));
    expect(third.value).toEqual({ due: 0, mailed: 0 });
    expect(third.writes).toEqual([]);

    // One message each, so one mail each.
    for (const r of recipients) expect(await mailsTo(r, subject), r.email).toHaveLength(1);
  });

  it('event-schedule, extendSeries: writes each new date of a series once, its count with it', async () => {
    const { extendSeries } = await import('../../functions/events/series');
    const owner = await member();
    const e = await newEvent(owner, { specifics: [dateAt(startIn(2))], recurrence: { rrule: 'FREQ=WEEKLY' } });
    const made = e.specifics.length;
    expect(made).toBe(8);
    // Four weeks on, the job writes the four weeks that came into range: each date its own transaction.
    const later = { nowMs: Date.now() + 28 * DAY };

    const first = await underWrites(2, () => extendSeries(later));
    failedAtTheSecondWrite(first);
    rejected(first);
    expect(first.writes.map((w) => w.command)).toEqual(['TransactWriteItems']);

    const second = await underWrites(null, () => extendSeries(later));
    expect(second.error).toBeUndefined();
    // The date the failed run wrote is not written again.
    expect(second.value).toMatchObject({ series: 1, dates: 3 });
    const dates = await partition(`event#${e.id}`, 'date#');
    const starts = dates.map((d) => String(d.startsAt)).sort();
    expect(starts).toHaveLength(made + 4);
    expect(new Set(starts).size).toBe(starts.length);
    for (let i = 1; i < starts.length; i++) expect(Date.parse(starts[i]!) - Date.parse(starts[i - 1]!)).toBeGreaterThanOrEqual(7 * DAY - HOUR);
    expect(await stored(`event#${e.id}`, 'event')).toMatchObject({ dateCount: made + 4 });

    const third = await underWrites(null, () => extendSeries(later));
    expect(third.value).toEqual({ series: 0, dates: 0, told: 0 });
    expect(third.writes).toEqual([]);
  });

  it('event-schedule, sendReminders: reminds and e-mails each attendee once, then takes the date out of the reminders', async () => {
    const { sendReminders } = await import('../../functions/events/series');
    const [creator, ...people] = await members(4);
    const e = await newEvent(creator!, { specifics: [dateAt(startIn(0.5))] });
    const date = e.specifics[0]!;
    await attend(people[0]!, date.id, 'GOING');
    await attend(people[1]!, date.id, 'MAYBE');
    await attend(people[2]!, date.id, 'GOING');

    // Each attendee: the reminder with its flag (one transaction), then the e-mail.
    const first = await underWrites(2, () => sendReminders());
    failedAtTheSecondWrite(first);
    rejected(first);
    expect(first.writes.map((w) => w.command)).toEqual(['TransactWriteItems']);

    const second = await underWrites(null, () => sendReminders());
    expect(second.error).toBeUndefined();
    expect(second.value).toMatchObject({ dates: 1, reminded: 2, mailed: 2 });
    for (const p of people) {
      expect(await notices(p, 'event-reminder', e.randomId), p.email).toHaveLength(1);
      expect(await mailsTo(p, `Tomorrow: ${e.title}`), p.email).toHaveLength(1);
      expect(await stored(`event#${e.id}`, `attend#${dateKeyOf(date.id)}#${p.uuid}`)).toMatchObject({ reminded: true });
    }
    expect(await stored(`event#${e.id}`, `date#${dateKeyOf(date.id)}`)).toMatchObject({ reminderSent: true });

    const third = await underWrites(null, () => sendReminders());
    expect(third.value).toEqual({ dates: 0, reminded: 0, mailed: 0 });
    expect(third.writes).toEqual([]);
  });

  it('event-schedule, resumeDateWork: brings each attendee of a moved date up to date and tells them once, then removes the marker', async () => {
    const { resumeDateWork } = await import('../../functions/events/catch-up');
    const [creator, ...people] = await members(4);
    const e = await newEvent(creator!, { specifics: [dateAt(startIn(3))] });
    const date = e.specifics[0]!;
    const dateKey = dateKeyOf(date.id);
    for (const p of people) await attend(p, date.id, 'GOING');
    // The date moves; the request ends right after the change and its marker.
    const moved = dateAt(Date.parse(date.startsAt) + HOUR);
    const res = await leftToTheJob(() => send(client(), creator!, 'PUT', '/api/iam/events/update-specific', { specificId: date.id, ...moved }));
    expect(res.status).toBe(503);
    expect(await stored('evwork', `date#${e.id}#${dateKey}`)).toMatchObject({ sequence: 1, tell: 'moved' });
    for (const p of people) expect(await notices(p, 'event-moved', e.randomId)).toEqual([]);

    // Each attendee in a transaction of their own (attendance and notice), then the marker's delete.
    const first = await underWrites(2, () => resumeDateWork());
    failedAtTheSecondWrite(first);
    rejected(first);
    expect(first.writes.map((w) => w.command)).toEqual(['TransactWriteItems']);

    const second = await underWrites(null, () => resumeDateWork());
    expect(second.error).toBeUndefined();
    expect(second.value).toBe(1);
    // The two attendees the failed run left, then the marker's delete.
    expect(second.writes).toHaveLength(3);
    for (const p of people) {
      expect(await notices(p, 'event-moved', e.randomId), p.email).toHaveLength(1);
      expect(await stored(`event#${e.id}`, `attend#${dateKey}#${p.uuid}`)).toMatchObject({ startsAt: moved.startsAt, seenSequence: 1, reminded: false });
    }
    expect(await stored('evwork', `date#${e.id}#${dateKey}`)).toBeUndefined();

    const third = await underWrites(null, () => resumeDateWork());
    expect(third.value).toBe(0);
    expect(third.writes).toEqual([]);
  });

  it('event-schedule, resumePromotions: moves each waiting member up once when the capacity grew, counts right, then removes the marker', async () => {
    const { resumePromotions } = await import('../../functions/events/attend');
    const [creator, going, ...waiting] = await members(5);
    const e = await newEvent(creator!, { capacity: 1, specifics: [dateAt(startIn(4))] });
    const date = e.specifics[0]!;
    const dateKey = dateKeyOf(date.id);
    await attend(going!, date.id, 'GOING');
    for (const w of waiting) await attend(w, date.id, 'GOING');
    expect(await stored(`event#${e.id}`, `count#${dateKey}`)).toMatchObject({ going: 1, waiting: 3 });
    // The capacity goes; the request ends right after the change and its marker.
    const res = await leftToTheJob(() => send(client(), creator!, 'PUT', '/api/iam/events/update', { eventId: e.id, capacity: null }));
    expect(res.status).toBe(503);
    expect(await stored('evwork', `promote#${e.id}`)).toBeDefined();
    expect(await stored(`event#${e.id}`, `count#${dateKey}`)).toMatchObject({ going: 1, waiting: 3 });

    // Each waiting member in a transaction of their own (counts, attendance, notice), then the marker's delete.
    const first = await underWrites(2, () => resumePromotions());
    failedAtTheSecondWrite(first);
    rejected(first);
    expect(first.writes.map((w) => w.command)).toEqual(['TransactWriteItems']);

    const second = await underWrites(null, () => resumePromotions());
    expect(second.error).toBeUndefined();
    expect(second.value).toBe(1);
    expect(await stored(`event#${e.id}`, `count#${dateKey}`)).toMatchObject({ going: 4, waiting: 0 });
    for (const w of waiting) {
      expect(await notices(w, 'event-promoted', e.randomId), w.email).toHaveLength(1);
      expect(await stored(`event#${e.id}`, `attend#${dateKey}#${w.uuid}`)).toMatchObject({ status: 'GOING', waiting: false });
    }
    expect(await stored('evwork', `promote#${e.id}`)).toBeUndefined();

    const third = await underWrites(null, () => resumePromotions());
    expect(third.value).toBe(0);
    expect(third.writes).toEqual([]);
  });

  // A change of privacy rewrites at most 60 dates (DATES_PER_TX) in its own transaction, with a
  // marker when there are more; the rest follow in further transactions of 60. Here the request
  // ends right after the change, so every date past the first 60 is left to the job.
  it('event-schedule, resumeFollows: brings every date left behind in line with the event once, then removes the marker', async () => {
    const { extendSeries } = await import('../../functions/events/series');
    const { resumeFollows } = await import('../../functions/events/changes');
    const owner = await member();
    const e = await newEvent(owner, { specifics: [dateAt(startIn(1))], recurrence: { rrule: 'FREQ=DAILY' } });
    // Ten weeks more of daily dates, written as the job writes them when they come into range.
    await extendSeries({ nowMs: Date.now() + 70 * DAY });
    const all = await partition(`event#${e.id}`, 'date#');
    expect(all.length).toBeGreaterThan(120);
    expect(await stored(`event#${e.id}`, 'event')).toMatchObject({ dateCount: all.length });

    const res = await leftToTheJob(() => send(client(), owner, 'PUT', '/api/iam/events/update', { eventId: e.id, privacy: 'members' }));
    expect(res.status).toBe(503);
    expect(await stored('evwork', `follow#${e.id}`)).toBeDefined();
    const privacies = async () => (await partition(`event#${e.id}`, 'date#')).map((d) => d.privacy);
    const behind = (await privacies()).filter((p) => p !== 'members').length;
    expect(behind).toBe(all.length - 60);

    // The dates left behind, 60 to a transaction: the second is refused; the job logs it and keeps the marker.
    const first = await underWrites(2, () => resumeFollows());
    failedAtTheSecondWrite(first);
    expect(first.error).toBeUndefined();
    expect(first.value).toBe(0);
    expect(first.writes.map((w) => w.command)).toEqual(['TransactWriteItems']);
    expect((await privacies()).filter((p) => p !== 'members')).toHaveLength(behind - 60);
    expect(await stored('evwork', `follow#${e.id}`)).toBeDefined();

    const second = await underWrites(null, () => resumeFollows());
    expect(second.error).toBeUndefined();
    expect(second.value).toBe(1);
    // Only the dates still behind, then the marker's delete: none of the first run's is written again.
    expect(second.writes).toHaveLength(2);
    expect(second.writes[0]!.keys.filter((k) => k.startsWith(`event#${e.id} date#`))).toHaveLength(behind - 60);
    expect(await privacies()).toEqual(all.map(() => 'members'));
    expect(await stored(`event#${e.id}`, 'event')).toMatchObject({ privacy: 'members', dateCount: all.length });
    expect(await stored('evwork', `follow#${e.id}`)).toBeUndefined();

    const third = await underWrites(null, () => resumeFollows());
    expect(third.value).toBe(0);
    expect(third.writes).toEqual([]);
  });

  it('swap-reviews: shows each lone review once its window closed, counts it once in its subject\'s record, and removes the window', async () => {
    const { closeReviewWindows } = await import('../../functions/swaps/reviews');
    const [owner, asker] = await members(2);
    const swaps: string[] = [];
    for (const name of ['Monstera', 'Fern', 'Hoya']) {
      const plantId = await newListing(owner!, name);
      const { swap } = await ok<{ swap: { id: string } }>(asker!, 'POST', '/api/iam/swaps/new', { id: randomUUID(), plantId, message: 'Could I have a cutting?' });
      for (const [who, status] of [[owner!, 'ACCEPTED'], [owner!, 'HANDED_OVER'], [asker!, 'RECEIVED']] as const) await ok(who, 'PUT', `/api/iam/swaps/${swap.id}/status`, { status });
      await ok(asker!, 'POST', `/api/iam/swaps/${swap.id}/review`, { rating: 5, wasSafe: true, text: `A healthy ${name}` });
      expect(await stored(`swap#${swap.id}`, 'review#requester')).not.toHaveProperty('shownAt');
      swaps.push(swap.id);
    }
    expect(await partition('swapwork', 'reviews#')).toHaveLength(3);
    // Fifteen days on, the windows (14 days) have closed: each is one transaction.
    const closing = { nowIso: new Date(Date.now() + 15 * DAY).toISOString() };

    const first = await underWrites(2, () => closeReviewWindows(closing));
    failedAtTheSecondWrite(first);
    rejected(first);
    expect(first.writes.map((w) => w.command)).toEqual(['TransactWriteItems']);

    const second = await underWrites(null, () => closeReviewWindows(closing));
    expect(second.value).toEqual({ closed: 2, shown: 2 });
    for (const id of swaps) expect(await stored(`swap#${id}`, 'review#requester'), id).toMatchObject({ shownAt: closing.nowIso, gsi1pk: `swaprecord#user#${owner!.uuid}` });
    expect(await stored(`swaprecord#user#${owner!.uuid}`, 'record')).toMatchObject({ completed: 3, reviews: 3, positive: 3 });
    expect(await stored(`swaprecord#user#${asker!.uuid}`, 'record')).toMatchObject({ completed: 3 });
    expect((await stored(`swaprecord#user#${asker!.uuid}`, 'record'))?.reviews ?? 0).toBe(0);
    expect(await partition('swapwork', 'reviews#')).toEqual([]);

    const third = await underWrites(null, () => closeReviewWindows(closing));
    expect(third.value).toEqual({ closed: 0, shown: 0 });
    expect(third.writes).toEqual([]);
  });

  // Each recipient is marked, then mailed; the batch's last write moves the cursor and adds its
  // counts. A run that dies half-way has marked and mailed some members without counting them;
  // the next run skips them (their markers exist), and the last batch sets the counts from the
  // markers, so every mail is counted once.
  it('send-announcements: mails each member once and counts each mail once', async () => {
    const { countRecipients, runAnnouncements, startAnnouncement } = await import('../../functions/mail/announcements');
    const [boss] = await members(1);
    const { recipients } = await countRecipients({ audience: 'all' });
    expect(recipients).toBeGreaterThanOrEqual(3);
    const subject = `Seed swap on Saturday ${randomUUID().slice(0, 6)}`;
    const started = await startAnnouncement(boss!.uuid, { audience: 'all', subject, text: 'Bring seeds.' });

    // Each member: the marker, then the mail; at the end of the batch, the cursor and the counts.
    const first = await underWrites(2, () => runAnnouncements());
    failedAtTheSecondWrite(first);
    rejected(first);
    expect(first.writes.map((w) => w.command)).toEqual(['TransactWriteItems']);
    expect((await mails()).filter((m) => m.subject === subject)).toHaveLength(1);

    const second = await underWrites(null, () => runAnnouncements());
    expect(second.error).toBeUndefined();
    const sent = (await mails()).filter((m) => m.subject === subject);
    expect(sent).toHaveLength(recipients);
    expect(new Set(sent.map((m) => m.to)).size).toBe(recipients);
    expect(await stored(`announcement#${started.id}`, 'announcement')).toMatchObject({ state: 'done', cursor: '' });
    expect(await stored('announcement#running', 'lock')).not.toHaveProperty('runningId');
    expect(await partition(`announcement#${started.id}`, 'to#user#')).toHaveLength(recipients);

    const third = await underWrites(null, () => runAnnouncements());
    expect(third.value).toEqual({ sent: 0 });
    expect(third.writes).toEqual([]);

    // One clean run counts every mail it sent.
    expect(await stored(`announcement#${started.id}`, 'announcement')).toMatchObject({ sent: recipients, skipped: 0 });
  });

  it('stream-dispatch: the sweep of a deleted post that failed is answered as a batch item failure; the redelivery removes the rest once', async () => {
    const { handler } = await import('../../functions/system/stream-dispatch');
    const { deletePost } = await import('../../functions/posts/write');
    const { verifyUploadedImage } = await import('../../functions/lib/images');
    const [owner, reader] = await members(2);
    const photos = [await uploadPhoto(owner!), await uploadPhoto(owner!)];
    const { post } = await ok<{ post: { id: string } }>(owner!, 'POST', '/api/iam/posts/new', {
      id: randomUUID(), text: 'New leaves on the monstera', tags: [], privacy: 'public', photos: photos.map((key) => ({ key, description: 'a leaf' })),
    });
    const top = (await ok<{ comment: { id: string; level: number } }>(reader!, 'POST', '/api/iam/posts/comment/new', { id: randomUUID(), post_id: post.id, content: 'Where did you find it?', level: 0 })).comment;
    const reply = (await ok<{ comment: { id: string } }>(owner!, 'POST', '/api/iam/posts/comment/new', { id: randomUUID(), post_id: post.id, content: 'At a swap meet', level: 1, parent_id: top.id })).comment;
    await ok(reader!, 'POST', '/api/iam/posts/reaction/new', { post_id: post.id });
    await ok(owner!, 'POST', '/api/iam/posts/reaction/new', { comment_id: top.id });
    expect((await partition(`post#${post.id}`)).length).toBeGreaterThanOrEqual(5);

    // Deleted as a route Lambda in the cloud deletes it: the post is only marked, the stream sweeps.
    process.env.SWEEPS = 'stream';
    try {
      await deletePost(post.id, owner!.uuid, { userId: owner!.uuid, admin: false, member: true, suspended: false });
    } finally {
      delete process.env.SWEEPS;
    }
    expect(await stored(`post#${post.id}`, 'post')).toMatchObject({ deletedAt: expect.any(String) });
    const counters = async () => ({ owner: await partition(`counter#user#${owner!.uuid}`), reader: await partition(`counter#user#${reader!.uuid}`) });
    const before = await counters();
    const record = await modifyRecord(`post#${post.id}`, 'post');
    const deliver = () => handler({ Records: [record] });

    // The sweep: the post's items (a batch), a record per photo for the sweep of uploads, the photos, the post.
    const first = await underWrites(2, deliver);
    failedAtTheSecondWrite(first);
    expect(first.error).toBeUndefined();
    expect(first.value).toEqual({ batchItemFailures: [{ itemIdentifier: record.dynamodb!.SequenceNumber }] });
    expect(await stored(`post#${post.id}`, 'post')).toBeDefined();

    // Lambda delivers the record again.
    const second = await underWrites(null, deliver);
    expect(second.value).toEqual({ batchItemFailures: [] });
    expect(await partition(`post#${post.id}`)).toEqual([]);
    for (const c of [top, reply]) expect(await stored(`comment#${c.id}`, 'comment'), c.id).toBeUndefined();
    for (const key of photos) {
      expect(await verifyUploadedImage(key, 10 * 1024 * 1024), key).toBe('missing');
      expect(await stored(`upload#${key}`, 'upload'), key).toMatchObject({ userId: owner!.uuid, size: 0 });
    }
    expect(await counters()).toEqual(before);

    // Streams deliver at least once: a third delivery finds nothing left. It still sends the
    // writes every delivery of a deleted post sends, all harmless again: the deletes of the post
    // and of its words in the search index (gone already), and, while the photos' upload URLs may
    // still work, the put of the same record per photo for the sweep of uploads.
    const third = await underWrites(null, deliver);
    expect(third.value).toEqual({ batchItemFailures: [] });
    const single = third.writes.filter((w) => w.command !== 'BatchWriteItem').map((w) => `${w.command} ${w.keys.join(', ')}`).sort();
    expect(single).toEqual([`DeleteItem post#${post.id} post`, ...photos.map((key) => `PutItem upload#${key} upload`)].sort());
    const batches = third.writes.filter((w) => w.command === 'BatchWriteItem');
    expect(batches.length).toBeGreaterThan(0);
    for (const b of batches) for (const k of b.keys) expect(k, 'a slot of the post\'s words').toMatch(new RegExp(`^search#post#${post.id}`));
    expect(await partition(`post#${post.id}`)).toEqual([]);
    expect(await counters()).toEqual(before);
  });

  // The manual jobs (infra/aws/jobs.ts MANUAL_JOBS). Each test's table is one older than the job:
  // its progress item is removed, so the operator's first invocation starts from the start. A
  // failed write other than a failed condition ends the invocation with the error (Lambda
  // answers it), before the progress is saved: the operator invokes it again, from the progress
  // saved before, here none. Once done, `{"again":true}` walks the table once more.

  // A conversation stored under the id its two bare ids made: the migration puts each of its
  // items under the id it has now, points each message's claim at it, then deletes the old
  // partition, its `conv` item last.
  it('migrate-owner-kinds: moves an old conversation to its new id once, its messages\' claims with it, and removes the old partition', async () => {
    const { OWNER_KINDS_PROGRESS_KEY, runOwnerKindsMigration } = await import('../../functions/db/migrations/owner-kinds');
    const { logger } = await import('../../functions/lib/logger');
    const [a, b] = await members(2);
    const { convnId: id } = await ok<{ convnId: string }>(a!, 'POST', '/api/iam/messages/new-u-to-u-conversation', { participants: [a!.uuid, b!.uuid] });
    for (const [who, content] of [[a!, 'Any cuttings left?'], [b!, 'Two of the hoya'], [a!, 'I will come by']] as const) {
      await ok(who, 'POST', '/api/iam/messages/new', { id: randomUUID(), conversation_id: id, content });
    }
    const made = await partition(`conv#${id}`);
    const messages = made.filter((i) => String(i.sk).startsWith('msg#'));
    expect(messages).toHaveLength(3);
    expect(made).toHaveLength(6);
    const claims = () => Promise.all(messages.map((m) => stored(`msgid#${String(m.id)}`, 'msgid')));
    const pointedAt = (conv: string) => messages.map(() => expect.objectContaining({ conversationId: conv }));
    expect(await claims()).toEqual(pointedAt(id));

    const old = await oldConversation(id);
    expect(await partition(`conv#${id}`)).toEqual([]);
    expect(await partition(`conv#${old}`)).toHaveLength(6);
    expect(await claims()).toEqual(pointedAt(old));
    await deleteRaw(OWNER_KINDS_PROGRESS_KEY);
    const invoke = (again = false) => runOwnerKindsMigration({ deadline: Date.now() + 60_000, logger, again });
    const progress = () => stored(OWNER_KINDS_PROGRESS_KEY.pk, OWNER_KINDS_PROGRESS_KEY.sk);

    // One clean run's move: a put of each of the 6 items under the new id, a rewrite of each of the
    // 3 messages' claims, a delete of each old item (the `conv` item last): 15 writes.
    const MOVE = made.length + messages.length + made.length;
    // Refused: the move's 11th write, the old partition's second delete (its second message): by
    // then each kind of the move's writes has landed (every put and claim, one delete), so the
    // next run meets every guard. Not the run's 2nd write: before the move the run tries a claim
    // of each member it finds first (counted below), none the conversation's.
    const failAt = (await claimsTriedBefore({ pk: `conv#${old}`, sk: 'conv' })) + 11;
    const first = await underWrites(failAt, () => invoke());
    rejected(first, failAt);
    expect(first.refused).toEqual({ command: 'DeleteItem', keys: [`conv#${old} ${String(messages[1]!.sk)}`] });
    const ours = (w: Write) => w.keys.some((k) => k.startsWith(`conv#${id} `) || k.startsWith(`conv#${old} `) || k.startsWith('msgid#'));
    const landed = first.writes.filter(ours);
    expect(landed.map((w) => w.command)).toEqual([...made.map(() => 'PutItem'), ...messages.map(() => 'UpdateItem'), 'DeleteItem']);
    expect(first.writes.filter((w) => !ours(w)).every((w) => w.command === 'PutItem' && /^ownerid#\S+ ownerid$/.test(w.keys[0]!))).toBe(true);
    expect(await progress()).toBeUndefined();
    const movedByTheFirst = await partition(`conv#${id}`);
    const claimsByTheFirst = await claims();
    expect(movedByTheFirst).toHaveLength(6);
    expect(claimsByTheFirst).toEqual(pointedAt(id));
    expect(await partition(`conv#${old}`)).toHaveLength(5);

    const second = await underWrites(null, () => untilDone(() => invoke()));
    expect(second.error).toBeUndefined();
    expect(second.value!.answers.at(-1)).toMatchObject({ done: true, collisions: [] });
    // Only the rest of the move lands: the deletes of the 5 old items left. Nothing moved or
    // pointed by the failed run is written again (each item as that run left it, marks and all).
    expect(second.value!.written).toBe(5);
    expect(landed.length + second.value!.written).toBe(MOVE);
    expect(second.writes.filter((w) => w.command === 'DeleteItem')).toHaveLength(5);
    expect(await partition(`conv#${id}`)).toEqual(movedByTheFirst);
    expect(await claims()).toEqual(claimsByTheFirst);
    expect(await partition(`conv#${old}`)).toEqual([]);
    // The conversation as it was made, under its own id, once.
    expect(unmarked(await partition(`conv#${id}`))).toEqual(made);
    expect(await progress()).toMatchObject({ done: true, runs: second.value!.answers.length });
    expect(await progress()).not.toHaveProperty('cursor');

    // Again from the start: nothing lands. It still tries a claim of every member it finds (a put
    // on the claim's key being free, refused: each member has one) and saves its progress (the
    // count of runs, the time).
    const third = await underWrites(null, () => invoke(true));
    expect(third.value).toMatchObject({ done: true, written: 0, collisions: [] });
    const tried = third.writes.filter((w) => w.command === 'PutItem' && /^ownerid#\S+ ownerid$/.test(w.keys[0]!)).map(shown);
    expect(tried).toEqual(expect.arrayContaining([a!, b!].map((m) => `PutItem ownerid#${m.uuid} ownerid`)));
    expect(new Set(tried).size).toBe(tried.length);
    expect(third.writes.filter((w) => !tried.includes(shown(w)))).toEqual([{ command: 'UpdateItem', keys: ['migration#owner-kinds progress'] }]);
    expect(await partition(`conv#${id}`)).toEqual(movedByTheFirst);
  });

  // Comments and reactions stored without gsi1 keys, as before the per-author index: each is
  // filed by a conditional update of its own (the Scan finds only those still unfiled).
  it('backfill-authored: files each old comment and reaction under its author once', async () => {
    const { AUTHORED_PROGRESS_KEY, runAuthoredBackfill } = await import('../../functions/db/migrations/authored');
    const { isMigrationWrite } = await import('../../functions/db/migrations/marker');
    const [author, poster] = await members(2);
    const { post } = await ok<{ post: { id: string } }>(poster!, 'POST', '/api/iam/posts/new', { id: randomUUID(), text: 'Pothos cuttings rooting in water', tags: [], photos: [], privacy: 'public' });
    const { comment } = await ok<{ comment: { id: string } }>(author!, 'POST', '/api/iam/posts/comment/new', { id: randomUUID(), post_id: post.id, content: 'How long until they root?', level: 0 });
    await ok(author!, 'POST', '/api/iam/posts/reaction/new', { post_id: post.id });
    await ok(author!, 'POST', '/api/iam/posts/reaction/new', { comment_id: comment.id });
    const items = (await partition(`post#${post.id}`)).filter((i) => ['comment', 'postReaction', 'commentReaction'].includes(String(i.__edb_e__)));
    expect(items.map((i) => i.__edb_e__).sort()).toEqual(['comment', 'commentReaction', 'postReaction']);
    const keys = items.map((i) => ({ pk: String(i.pk), sk: String(i.sk), gsi1pk: i.gsi1pk, gsi1sk: i.gsi1sk }));
    for (const k of keys) expect(k.gsi1pk).toBe(`authored#user#${author!.uuid}`);
    for (const k of keys) await updateRaw({ pk: k.pk, sk: k.sk }, { UpdateExpression: 'REMOVE gsi1pk, gsi1sk' });
    await deleteRaw(AUTHORED_PROGRESS_KEY);
    const invoke = (again = false) => runAuthoredBackfill({ deadline: Date.now() + 60_000, again });
    const progress = () => stored(AUTHORED_PROGRESS_KEY.pk, AUTHORED_PROGRESS_KEY.sk);
    const files = keys.map((k) => `UpdateItem ${k.pk} ${k.sk}`);

    const first = await underWrites(2, () => invoke());
    failedAtTheSecondWrite(first);
    rejected(first);
    expect(first.writes).toHaveLength(1);
    expect(files).toContain(shown(first.writes[0]!));
    expect(files).toContain(shown(first.refused));
    expect(shown(first.refused)).not.toBe(shown(first.writes[0]!));
    expect(await progress()).toBeUndefined();
    const filedByTheFirst = await stored(keyOfWrite(first.writes[0]!).pk, keyOfWrite(first.writes[0]!).sk);
    expect(filedByTheFirst).toHaveProperty('gsi1pk');

    const second = await underWrites(null, () => untilDone(() => invoke()));
    expect(second.error).toBeUndefined();
    // Only the two left, then its progress: the item the failed run filed is not written again.
    expect(second.value!.written).toBe(2);
    expect(shownAll(second)).toEqual([...files.filter((f) => f !== shown(first.writes[0]!)), 'UpdateItem migration#authored progress'].sort());
    expect(await stored(keyOfWrite(first.writes[0]!).pk, keyOfWrite(first.writes[0]!).sk)).toEqual(filedByTheFirst);
    for (const k of keys) {
      const item = await stored(k.pk, k.sk);
      expect(item, k.sk).toMatchObject({ gsi1pk: k.gsi1pk, gsi1sk: k.gsi1sk });
      expect(isMigrationWrite(item!), k.sk).toBe(true);
    }
    expect(await progress()).toMatchObject({ done: true, runs: second.value!.answers.length });

    // Again from the start: the Scan finds nothing unfiled; the one write is its progress (the count of runs, the time).
    const third = await underWrites(null, () => invoke(true));
    expect(third.value).toMatchObject({ done: true, scanned: 0, written: 0 });
    expect(third.writes).toEqual([{ command: 'UpdateItem', keys: ['migration#authored progress'] }]);
  });

  // Unread, unmuted participants stored without unread keys, and tallies with the old unread sets,
  // as before the unread index: each participant is filed, each tally's sets go (its count stays),
  // each by a conditional update of its own (the Scan finds only those still to do).
  it('backfill-unread: files each old unread conversation in the unread index once and takes the old sets off each tally, its count kept', async () => {
    const { UNREAD_PROGRESS_KEY, runUnreadIndexBackfill } = await import('../../functions/db/migrations/unread-index');
    const { isMigrationWrite } = await import('../../functions/db/migrations/marker');
    const [sender, ...readers] = await members(4);
    const parts: Key[] = [];
    for (const r of readers) {
      const { convnId } = await ok<{ convnId: string }>(sender!, 'POST', '/api/iam/messages/new-u-to-u-conversation', { participants: [sender!.uuid, r.uuid] });
      await ok(sender!, 'POST', '/api/iam/messages/new', { id: randomUUID(), conversation_id: convnId, content: 'The seedlings are ready' });
      parts.push({ pk: `conv#${convnId}`, sk: `part#user#${r.uuid}` });
    }
    const tallies: Key[] = readers.map((r) => ({ pk: `user#${r.uuid}`, sk: 'msg-tally' }));
    const filed = await Promise.all(parts.map((k) => stored(k.pk, k.sk)));
    for (const [i, p] of filed.entries()) expect(p).toMatchObject({ unread: 1, muted: false, gsi3pk: `unread#user#${readers[i]!.uuid}`, gsi3sk: parts[i]!.pk.slice('conv#'.length) });
    for (const t of tallies) expect(await stored(t.pk, t.sk)).toMatchObject({ unread: 1 });
    // As an older version stored them.
    for (const k of parts) await updateRaw(k, { UpdateExpression: 'REMOVE gsi3pk, gsi3sk' });
    for (const [i, k] of tallies.entries()) {
      await updateRaw(k, {
        UpdateExpression: 'ADD convs :c, #u :u', ExpressionAttributeNames: { '#u': 'users' },
        ExpressionAttributeValues: { ':c': new Set([parts[i]!.pk.slice('conv#'.length)]), ':u': new Set([sender!.uuid]) },
      });
    }
    await deleteRaw(UNREAD_PROGRESS_KEY);
    const invoke = (again = false) => runUnreadIndexBackfill({ deadline: Date.now() + 60_000, again });
    const progress = () => stored(UNREAD_PROGRESS_KEY.pk, UNREAD_PROGRESS_KEY.sk);
    const work = [...parts, ...tallies].map((k) => `UpdateItem ${k.pk} ${k.sk}`);

    const first = await underWrites(2, () => invoke());
    failedAtTheSecondWrite(first);
    rejected(first);
    expect(first.writes).toHaveLength(1);
    expect(work).toContain(shown(first.writes[0]!));
    expect(work).toContain(shown(first.refused));
    expect(shown(first.refused)).not.toBe(shown(first.writes[0]!));
    expect(await progress()).toBeUndefined();
    const doneByTheFirst = await stored(keyOfWrite(first.writes[0]!).pk, keyOfWrite(first.writes[0]!).sk);

    const second = await underWrites(null, () => untilDone(() => invoke()));
    expect(second.error).toBeUndefined();
    // Only the five left, then its progress: what the failed run wrote is not written again.
    expect(second.value!.written).toBe(work.length - 1);
    expect(shownAll(second)).toEqual([...work.filter((w) => w !== shown(first.writes[0]!)), 'UpdateItem migration#unread-index progress'].sort());
    expect(await stored(keyOfWrite(first.writes[0]!).pk, keyOfWrite(first.writes[0]!).sk)).toEqual(doneByTheFirst);
    for (const [i, k] of parts.entries()) {
      const p = await stored(k.pk, k.sk);
      expect(p).toMatchObject({ unread: 1, gsi3pk: filed[i]!.gsi3pk, gsi3sk: filed[i]!.gsi3sk });
      expect(isMigrationWrite(p!)).toBe(true);
    }
    for (const k of tallies) {
      const t = await stored(k.pk, k.sk);
      expect(t).toMatchObject({ unread: 1 });
      expect([t?.convs, t?.users, t?.pages]).toEqual([undefined, undefined, undefined]);
      expect(isMigrationWrite(t!)).toBe(true);
    }
    expect(await progress()).toMatchObject({ done: true, runs: second.value!.answers.length });

    // Again from the start: the Scan finds nothing to do; the one write is its progress (the count of runs, the time).
    const third = await underWrites(null, () => invoke(true));
    expect(third.value).toMatchObject({ done: true, scanned: 0, written: 0 });
    expect(third.writes).toEqual([{ command: 'UpdateItem', keys: ['migration#unread-index progress'] }]);
  });
});
