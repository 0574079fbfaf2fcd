/**
 * Filing comments and reactions written before the per-author index (P7c) under their author
 * (functions/db/migrations/authored.ts), run in-process against the test host's table: items are
 * made over HTTP, stripped of their gsi1 keys as an older version stored them, then the backfill
 * runs cut short by its deadline, then to the end, then again (writing nothing); a member's data
 * export then holds them.
 */
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExportView } from '../../shared/answers/data-export';
import { as } from '../support/accounts';
import { comment, newPost, reactTo } from '../support/content';
import { getItem } from '../support/db';
import { useHostTable } from '../support/host-env';
import { randomPlace } from '../support/geo';
import { registeredUser } from '../support/users';

beforeAll(() => useHostTable());

const doc = async () => (await import('../../functions/db/client')).documentClient();
const table = async () => (await import('../../functions/db/client')).tableName();
/** The item as an older version stored it: without gsi1 keys. */
const unfile = async (pk: string, sk: string) =>
  (await doc()).send(new UpdateCommand({ TableName: await table(), Key: { pk, sk }, UpdateExpression: 'REMOVE gsi1pk, gsi1sk' }));

describe('backfill-authored', () => {
  it('files old comments and reactions under their author, once, marked as its own writes', async () => {
    const { backfillAuthored, runAuthoredBackfill } = await import('../../functions/db/migrations/authored');
    const { isMigrationWrite } = await import('../../functions/db/migrations/marker');
    const { queryPage } = await import('../../functions/db/batch');
    // The test host's table was new: marked done at start, never run.
    expect(await getItem('migration#authored', 'progress')).toMatchObject({ done: true });
    const place = randomPlace();
    const a = await registeredUser(place);
    const b = await registeredUser(place);
    const post = await newPost(b);
    const c = await comment(a, post.id, 'an old comment');
    await reactTo(a, { post_id: post.id });
    await reactTo(a, { comment_id: c.id });
    const partition = async () => (await queryPage(`post#${post.id}`)).items.filter((i) => ['comment', 'postReaction', 'commentReaction'].includes(String(i.__edb_e__)));
    const items = await partition();
    expect(items).toHaveLength(3);
    const filed = items.map((i) => [i.gsi1pk, i.gsi1sk]);
    for (const i of items) await unfile(String(i.pk), String(i.sk));
    const authored = async () => (await queryPage(`authored#user#${a.uuid}`, { index: 'gsi1' })).items;
    expect(await authored()).toEqual([]);

    // Cut short: one page, then its cursor.
    const first = await backfillAuthored({ cursor: null, deadline: 0, pageSize: 5 });
    expect(first.done).toBe(false);
    expect(first.cursor).not.toBeNull();
    let cursor = first.cursor;
    let written = first.written;
    while (cursor) {
      const next = await backfillAuthored({ cursor, deadline: Date.now() + 60_000 });
      written += next.written;
      cursor = next.cursor;
    }
    expect(written).toBeGreaterThanOrEqual(3);
    const after = await partition();
    expect(after.map((i) => [i.gsi1pk, i.gsi1sk]).sort()).toEqual(filed.sort());
    expect(after.every((i) => isMigrationWrite(i))).toBe(true);
    expect((await authored()).map((i) => i.__edb_e__).sort()).toEqual(['comment', 'commentReaction', 'postReaction']);

    // Again from the start: nothing left to file.
    const again = await backfillAuthored({ cursor: null, deadline: Date.now() + 60_000 });
    expect(again).toMatchObject({ done: true, written: 0 });

    // The job's runs keep their progress: done, then nothing more unless asked again.
    const run = await runAuthoredBackfill({ deadline: Date.now() + 60_000, again: true });
    expect(run).toMatchObject({ done: true, written: 0 });
    expect(await getItem('migration#authored', 'progress')).toMatchObject({ done: true });
    expect(await runAuthoredBackfill({ deadline: Date.now() + 60_000 })).toMatchObject({ done: true, scanned: 0 });

    // The export now holds them.
    expect((await as<ExportView>(a.browser, 'POST', '/api/iam/export/new')).status).toBe(202);
    let view: ExportView | undefined;
    for (let i = 0; i < 100 && view?.state !== 'ready'; i++) {
      await new Promise((r) => setTimeout(r, 100));
      view = (await as<ExportView>(a.browser, 'GET', '/api/iam/export/latest')).data;
    }
    expect(view?.state).toBe('ready');
    const files = unzipSync(new Uint8Array(await (await fetch(view!.url!)).arrayBuffer()));
    expect((JSON.parse(strFromU8(files['comments.json']!)) as { id: string }[]).map((x) => x.id)).toEqual([c.id]);
    expect(JSON.parse(strFromU8(files['reactions.json']!))).toHaveLength(2);
  }, 120_000);
});
