/**
 * Members and pages share one id namespace, and every key built from an owner id names the
 * owner's kind: for any raw id, a member and a page holding it get different keys, in every
 * entity key and index key built from it and in every hand-spelled builder. Were two owners ever
 * to share a raw id, neither could read, list or sweep the other's items.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keyAttributes } from '../table';
import { conversationIdOf, ConversationParticipant, inboxPk, messageTallyKey, participantKey } from './conversation';
import { counterKey, ownerScope } from '../items/feed-counter';
import { ownerLocationKey } from '../items/event-location';
import { Event, EventDate } from './event';
import { ownerDatesPartition, ownerIdClaimKey, OwnerIdClaim, ownerPk, type OwnerType } from './owner';
import { Page, pageKey } from './page';
import { Post } from './post';
import { RelistJob } from './relist-job';
import { User, userKey } from './user';

const T = { table: 't' };
const KEYS = keyAttributes();
const NOW = '2026-01-02T03:04:05.678Z';
const id = fc.uuid({ version: [4] });

type Item = Record<string, unknown>;
const keysOf = (item: Item): Record<string, string> => Object.fromEntries(KEYS.filter((k) => typeof item[k] === 'string').map((k) => [k, item[k] as string]));

/** Each entity made once: ElectroDB checks a model when it is made. */
const E = { post: Post(), event: Event(), eventDate: EventDate(), participant: ConversationParticipant(), relistJob: RelistJob() };

/** The stored items an owner's id reaches, with every index condition met (so every key is written). */
function itemsOwnedBy(ownerType: OwnerType, ownerId: string, other: string): Item[] {
  const put = <X extends { put(i: never): { params<P>(o: typeof T): P } }>(e: X, item: object) => e.put(item as never).params<{ Item: Item }>(T).Item;
  return [
    ...(['post', 'plant'] as const).map((kind) => put(E.post, {
      id: other, kind, ownerType, ownerId, authorId: other, privacy: 'public', available: true, createdAt: NOW, updatedAt: NOW, geohash: 'gcpvj0duq',
    })),
    put(E.event, {
      id: other, randomId: 'r', ownerType, ownerId, createdBy: other, title: 't', description: '', privacy: 'public', timeZone: 'Europe/London',
      locationId: 'l', placeName: 'p', latitude: 1, longitude: 1, geohash: 'gcpvj0duq', materialisedUntil: NOW, createdAt: NOW, updatedAt: NOW,
    }),
    put(E.eventDate, {
      eventId: other, dateKey: '1767323045678', startsAt: NOW, endsAt: NOW, ownerType, ownerId, privacy: 'public',
      locationId: 'l', placeName: 'p', latitude: 1, longitude: 1, geohash: 'gcpvj0duq', createdAt: NOW, updatedAt: NOW,
    }),
    put(E.participant, {
      conversationId: other, participantId: ownerId, participantType: ownerType, otherId: other, otherType: 'user', convType: 'tomypage', lastMessageAt: NOW,
    }),
    put(E.relistJob, { userId: ownerId, ownerType, token: 't', requestedAt: NOW, expiresAt: 1 }),
  ];
}

describe('owner keys name the owner\'s kind', () => {
  it('every key attribute of every item an owner id reaches differs between a member and a page with the same raw id (property)', () => {
    fc.assert(fc.property(id, id, (ownerId, other) => {
      const asUser = itemsOwnedBy('user', ownerId, other);
      const asPage = itemsOwnedBy('page', ownerId, other);
      asUser.forEach((u, i) => {
        const [ku, kp] = [keysOf(u), keysOf(asPage[i]!)];
        // Each key built from the owner's id (it holds the id) is another key for the other kind.
        const fromOwner = Object.keys(ku).filter((k) => ku[k]!.includes(ownerId) || kp[k]?.includes(ownerId));
        expect(fromOwner.length, String(u.__edb_e__)).toBeGreaterThan(0);
        for (const k of fromOwner) expect(ku[k], `${String(u.__edb_e__)}.${k}`).not.toBe(kp[k]);
      });
    }), { numRuns: 50 });
  });

  it('the hand-spelled builders of owner keys differ by kind, and match the templates (property)', () => {
    fc.assert(fc.property(id, id, (ownerId, other) => {
      const user = { type: 'user' as const, id: ownerId };
      const page = { type: 'page' as const, id: ownerId };
      expect(ownerPk(user)).toBe(userKey(ownerId).pk);
      expect(ownerPk(page)).toBe(pageKey(ownerId).pk);
      const pairs: [unknown, unknown][] = [
        [ownerPk(user), ownerPk(page)],
        [inboxPk(user), inboxPk(page)],
        [participantKey(other, user), participantKey(other, page)],
        [messageTallyKey(ownerPk(user)), messageTallyKey(ownerPk(page))],
        [ownerLocationKey(ownerPk(user), other), ownerLocationKey(ownerPk(page), other)],
        [counterKey(ownerScope('user', ownerId), 'public'), counterKey(ownerScope('page', ownerId), 'public')],
        [ownerDatesPartition(user), ownerDatesPartition(page)],
        [conversationIdOf(user, { type: 'user', id: other }), conversationIdOf(page, { type: 'user', id: other })],
      ];
      for (const [a, b] of pairs) expect(a).not.toEqual(b);
      // The builders spell what the entities write.
      const part = itemsOwnedBy('page', ownerId, other)[4]!;
      expect({ pk: part.pk, sk: part.sk }).toEqual(participantKey(other, page));
      expect(part.gsi1pk ?? inboxPk(page)).toBe(inboxPk(page));
      const date = itemsOwnedBy('user', ownerId, other)[3]!;
      expect(date[ownerDatesPartition(user).field]).toBe(ownerDatesPartition(user).value);
    }), { numRuns: 50 });
  });

  it('a conversation\'s id is the same from either side, and differs when a side changes kind', () => {
    const [a, b] = ['5d1c7a2b-8e4f-4b6a-9c3d-2e7f1a0b9c88', '0b6f3f8e-3d6a-4f7e-9a53-1f0c2a7d9e11'];
    expect(conversationIdOf({ type: 'user', id: a }, { type: 'page', id: b })).toBe(conversationIdOf({ type: 'page', id: b }, { type: 'user', id: a }));
    expect(conversationIdOf({ type: 'user', id: a }, { type: 'user', id: b })).not.toBe(conversationIdOf({ type: 'user', id: a }, { type: 'page', id: b }));
    expect(conversationIdOf({ type: 'user', id: a }, { type: 'page', id: b })).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('one claim item per owner id, whatever its kind', () => {
    const u = OwnerIdClaim().put({ id: 'x', ownerType: 'user' }).params<{ Item: Item }>(T).Item;
    const p = OwnerIdClaim().put({ id: 'x', ownerType: 'page', createdBy: 'y' }).params<{ Item: Item }>(T).Item;
    expect({ pk: u.pk, sk: u.sk }).toEqual(ownerIdClaimKey('x'));
    expect({ pk: p.pk, sk: p.sk }).toEqual(ownerIdClaimKey('x'));
    // A member's and a page's items keep their own kinds' partitions.
    expect(User().get({ uuid: 'x' }).params<{ Key: unknown }>(T).Key).not.toEqual(Page().get({ id: 'x' }).params<{ Key: unknown }>(T).Key);
  });
});
