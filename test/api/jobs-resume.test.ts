/**
 * The jobs (infra/aws/jobs.ts: the scheduled jobs and the stream's dispatcher) are meant to be
 * idempotent: a run that dies half-way leaves nothing the next run does twice. Each test gives a
 * job a few writes of work, runs it with the table refusing its 2nd write (an error thrown before
 * the command is sent, so it never lands), runs it again as the schedule or the stream would, and
 * checks that the outcome is exactly what one clean run leaves: each notification and e-mail
 * once, the work items gone, the counts right. A third run must then find nothing to do (the
 * stream's sweep of a deleted post sends a few harmless writes on every delivery: said there).
 * (notify-mail marks each mail before it goes, so its test fails the write after the mail instead.)
 *
 * The jobs are called in-process, as infra/local/host.ts `startScheduledJobs` calls them, against
 * a host of this file's own whose timers are off, so nothing but the test runs them. Fixtures are
 * made over HTTP as members make them (test/support/job-runs.ts).
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { send } from '../../bench/load/client';
import { LOAD_LIMITS } from '../../bench/load/mix';
import { withOwnHost } from '../support/own-host';
import {
  attend, client, DAY, dateAt, dateKeyOf, failedAtTheSecondWrite, HOUR, jobKit, leftToTheJob, mails, mailsTo, member, members,
  modifyRecord, newEvent, newListing, notices, ok, partition, rejected, startIn, stored, underWrites, uploadPhoto,
} from '../support/job-runs';

const own = withOwnHost('jobs-resume-', { scheduledJobs: false, env: { ...LOAD_LIMITS, ADMIN_EMAILS: 'admin@example.com' } });
jobKit(own);

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
});
