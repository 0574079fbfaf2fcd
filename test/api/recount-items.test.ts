/**
 * The item recounts (functions/admin/recount-items.ts) that the load run, the fault tests and the
 * stateful fuzzer reconcile with: after real writes over HTTP every counter matches its recount,
 * and a counter moved by hand (as a lost or doubled write would move it) shows as a drift with
 * the stored and the recounted value.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { as, member } from '../support/accounts';
import { comment, newPlant, newPost, reactTo } from '../support/content';
import { getItem, setAttributes } from '../support/db';
import { attend, newEvent } from '../support/events';
import { useHostTable } from '../support/host-env';
import { registeredUser } from '../support/users';

beforeAll(() => useHostTable());

const items = () => import('../../functions/admin/recount-items');

describe('recounting the counters kept on items', () => {
  it('a thread: the post\'s reactions and comments, each comment\'s reactions and replies', async () => {
    const { driftsOf, recountThread } = await items();
    const [author, other] = await Promise.all([registeredUser(), registeredUser()]);
    const post = await newPost(author);
    const top = await comment(other, post.id, 'first');
    const reply = await comment(author, post.id, 'a reply', top);
    await comment(other, post.id, 'a reply to the reply', reply);
    await reactTo(other, { post_id: post.id });
    await reactTo(author, { comment_id: top.id });
    const rows = await recountThread(post.id);
    expect(driftsOf(rows)).toEqual([]);
    expect(rows.find((r) => r.counter === 'post.commentCount')).toMatchObject({ stored: 3, recounted: 3 });
    expect(rows.filter((r) => r.counter === 'comment.replyCount').map((r) => r.recounted).sort()).toEqual([0, 1, 2]);
    await setAttributes(`post#${post.id}`, 'post', { reactionCount: 5 });
    expect(driftsOf(await recountThread(post.id))).toEqual([{ counter: 'post.reactionCount', key: `post#${post.id} post`, stored: 5, recounted: 1 }]);
    expect(await recountThread(randomUUID())).toEqual([]);
  });

  it('a conversation\'s unread and unread index, and the message tally', async () => {
    const { driftsOf, recountConversation, recountMessageTally } = await items();
    const [a, b] = await Promise.all([member(), member()]);
    const conv = (await as<{ convnId: string }>(a.browser, 'POST', '/api/iam/messages/new-u-to-u-conversation', { participants: [a.profile.uuid, b.profile.uuid] })).data.convnId;
    for (let i = 0; i < 2; i++) expect((await as(a.browser, 'POST', '/api/iam/messages/new', { id: randomUUID(), conversation_id: conv, content: `hi ${i}` })).status).toBe(201);
    const { rows } = await recountConversation(conv);
    expect(driftsOf(rows)).toEqual([]);
    expect(rows.find((r) => r.counter === 'participant.unread' && r.key.endsWith(b.profile.uuid))).toMatchObject({ stored: 2, recounted: 2 });
    expect(driftsOf(await recountMessageTally(`user#${b.profile.uuid}`))).toEqual([]);
    // A send whose tally write was lost, and a participant left out of the unread index.
    await setAttributes(`user#${b.profile.uuid}`, 'msg-tally', { unread: 1 });
    expect(driftsOf(await recountMessageTally(`user#${b.profile.uuid}`))).toEqual([{ counter: 'msg-tally.unread', key: `user#${b.profile.uuid} msg-tally`, stored: 1, recounted: 2 }]);
    const part = await getItem(`conv#${conv}`, `part#user#${b.profile.uuid}`);
    await setAttributes(`conv#${conv}`, `part#user#${b.profile.uuid}`, { gsi3pk: `unread#user#${randomUUID()}` });
    expect(driftsOf((await recountConversation(conv)).rows).map((r) => r.counter)).toEqual(['participant.unreadIndex']);
    await setAttributes(`conv#${conv}`, `part#user#${b.profile.uuid}`, { gsi3pk: part!.gsi3pk });
  });

  it('an event\'s counts per date, and a swap record', async () => {
    const { driftsOf, recountAttendance, recountSwapRecord } = await items();
    const [host, owner, asker] = await Promise.all([registeredUser(), registeredUser(), registeredUser()]);
    const event = await newEvent(host, { capacity: 1 });
    const date = event.specifics[0]!;
    await attend(owner, date.id, 'GOING');
    await attend(asker, date.id, 'GOING');
    const rows = await recountAttendance(event.id);
    expect(driftsOf(rows)).toEqual([]);
    expect(Object.fromEntries(rows.map((r) => [r.counter, r.recounted]))).toMatchObject({ 'event-date.going': 1, 'event-date.waiting': 1 });
    const dateKey = date.id.split('.')[1]!;
    await setAttributes(`event#${event.id}`, `count#${dateKey}`, { going: 2 });
    expect(driftsOf(await recountAttendance(event.id))).toEqual([{ counter: 'event-date.going', key: `event#${event.id} count#${dateKey}`, stored: 2, recounted: 1 }]);

    const plant = await newPlant(owner);
    const swap = (await as<{ swap: { id: string } }>(asker.browser, 'POST', '/api/iam/swaps/new', { plantId: plant.id, message: 'May I?' })).data.swap;
    for (const [who, status] of [[owner, 'ACCEPTED'], [owner, 'HANDED_OVER'], [asker, 'RECEIVED']] as const) {
      expect((await as(who.browser, 'PUT', `/api/iam/swaps/${swap.id}/status`, { status })).status).toBe(200);
    }
    for (const m of [owner, asker]) {
      const record = await recountSwapRecord('user', m.uuid);
      expect(driftsOf(record)).toEqual([]);
      expect(record.find((r) => r.counter === 'swap-record.completed')).toMatchObject({ stored: 1, recounted: 1 });
    }
    await setAttributes(`swaprecord#user#${asker.uuid}`, 'record', { completed: 0 });
    expect(driftsOf(await recountSwapRecord('user', asker.uuid))).toEqual([{ counter: 'swap-record.completed', key: `swaprecord#user#${asker.uuid} record`, stored: 0, recounted: 1 }]);
  });
});
