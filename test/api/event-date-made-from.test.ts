/**
 * A new date of an event copies the event's privacy and place; its write holds the event to what
 * it copied, so that a change landing between the copy and the write makes the date follow the
 * event as it is now (functions/events/event-writes.ts, `createDates`).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createDates, newDate } from '../../functions/events/event-writes';
import { dateKeyOf, getEvent } from '../../functions/events/events';
import { as } from '../support/accounts';
import { getItem } from '../support/db';
import { dateIn, NEWTOWN, newEvent } from '../support/events';
import { useHostTableAndBucket } from '../support/host-env';
import { registeredUser } from '../support/users';

beforeAll(() => useHostTableAndBucket());

describe('a new date made from an event that changed meanwhile', () => {
  it('takes the place\'s new name when the place was renamed at the same address (same location id and geohash)', async () => {
    const owner = await registeredUser();
    const event = await newEvent(owner);
    const stale = (await getEvent(event.id, true))!;
    const when = dateIn(20);
    const made = newDate(stale, when.startsAt, when.endsAt, new Date().toISOString());

    // The place is renamed: same address, so the same location id and the same geohash.
    const renamed = await as(owner.browser, 'PUT', '/api/iam/events/update', { eventId: event.id, location: { ...NEWTOWN, name: 'Australia Street Hall' } });
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200);
    const now = (await getEvent(event.id, true))!;
    expect(now.locationId).toBe(stale.locationId);
    expect(now.geohash).toBe(stale.geohash);
    expect(now.placeName).toBe('Australia Street Hall');

    // The date made from the event as it was lands after the change.
    expect(await createDates(event.id, [made])).toBe(1);
    const stored = await getItem(`event#${event.id}`, `date#${dateKeyOf(when.startsAt)}`);
    expect(stored).toMatchObject({ placeName: 'Australia Street Hall', locationId: now.locationId, privacy: now.privacy });
  });
});
