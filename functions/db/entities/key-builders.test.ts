/**
 * The key builders beside the entities spell the keys exactly as the entities' templates do: each
 * is compared with the key ElectroDB itself builds for the same index.
 */
import { describe, expect, it } from 'vitest';
import { invitesOfPartition, Invite } from './invite';
import { Notification, notificationsPartition } from './notification';
import { rateLimitKey, dailyCountKey, RateLimit } from './rate-limit';
import { Session, sessionKey } from './session';
import { allTagsPartition, parentTagsPartition, Tag, TAG_PARENTS_PK, tagChildrenPk } from './tag';
import { directoryPartition, regStatePartition, User, userPk, userKey, withoutLocationPartition } from './user';

/** ElectroDB builds params only for a named table; any name does. */
const T = { table: 't' };

interface QueryParams {
  IndexName?: string;
  KeyConditionExpression: string;
  ExpressionAttributeNames: Record<string, string>;
  ExpressionAttributeValues: Record<string, unknown>;
}

/** The partition a Query reads, as `{ field, value }`. */
function partitionOf(params: QueryParams): { field: string; value: string } {
  return { field: params.ExpressionAttributeNames['#pk']!, value: params.ExpressionAttributeValues[':pk'] as string };
}

describe('key builders', () => {
  it('user: the profile key and the list partitions', () => {
    expect(User().get({ uuid: 'u-1' }).params<{ Key: unknown }>(T).Key).toEqual(userKey('u-1'));
    expect(userPk('u-1')).toBe(userKey('u-1').pk);
    expect(partitionOf(User().query.byRegState({ regState: 'complete' }).params(T))).toEqual(regStatePartition('complete'));
    expect(partitionOf(User().query.byRegState({ regState: 'incomplete' }).params(T))).toEqual(regStatePartition('incomplete'));
    expect(partitionOf(User().query.withoutLocation({}).params(T))).toEqual(withoutLocationPartition());
    expect(partitionOf(User().query.directory({}).params(T))).toEqual(directoryPartition());
  });

  it("notifications live in the recipient's partition", () => {
    expect(partitionOf(Notification().query.byRecipient({ recipientId: 'u-1' }).params(T))).toEqual(notificationsPartition('u-1'));
    expect(notificationsPartition('u-1').value).toBe(userPk('u-1'));
  });

  it("invites: the inviter's list", () => {
    expect(partitionOf(Invite().query.byInviter({ inviterId: 'u-1' }).params(T))).toEqual(invitesOfPartition('u-1'));
  });

  it("tags: all, parents and a parent's children", () => {
    expect(partitionOf(Tag().query.byName({}).params(T))).toEqual(allTagsPartition());
    expect(partitionOf(Tag().query.parents({ parentsOf: TAG_PARENTS_PK }).params(T))).toEqual(parentTagsPartition());
    const put = Tag().put({ name: 'fern', parentName: 'ferns', isParent: true }).params<{ Item: Record<string, unknown> }>(T).Item;
    expect(put.gsi1pk).toBe(tagChildrenPk('ferns'));
    expect(put.gsi2pk).toBe(TAG_PARENTS_PK);
  });

  it('a session family\'s spelled-out key is the entity\'s', () => {
    const key = Session().get({ userId: 'u-1', familyId: 'f-1' }).params<{ Key: { pk: string; sk: string } }>(T).Key;
    expect(sessionKey('u-1', 'f-1')).toEqual(key);
  });

  it('rate limits and daily allowances keep apart', () => {
    expect(rateLimitKey('LOGIN_EMAIL', '203.0.113.9', 'a@b.c')).toBe('LOGIN_EMAIL#203.0.113.9#a@b.c');
    expect(dailyCountKey(rateLimitKey('SIGNUP_NOTICE', 'a@b.c'))).toBe('DAY#SIGNUP_NOTICE#a@b.c');
    const key = RateLimit().get({ key: rateLimitKey('SMS_USER', 'u-1'), windowStart: 60 }).params<{ Key: { pk: string } }>(T).Key;
    expect(key.pk).toBe('rate#SMS_USER#u-1#60');
  });
});
