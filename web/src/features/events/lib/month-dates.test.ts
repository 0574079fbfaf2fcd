import { describe, expect, it } from 'vitest';
import { makeCard } from '../testing';
import { monthDates } from './month-dates';

const NEWTOWN = { latitude: -33.8978, longitude: 151.1785 };
const at = (days: number) => new Date(Date.UTC(2026, 11, 1) + days * 86_400_000).toISOString();
const card = (id: string, days: number, place: { latitude: number; longitude: number }) =>
  makeCard({ event: { id, title: id, place: { ...makeCard().event.place, ...place } }, date: { startsAt: at(days) } });

describe('monthDates', () => {
  it('adds the pages\' dates within the distance to the near ones (once each, with their distance, soonest first) and keeps the farther ones for the calendar', () => {
    const near = { ...card('near', 3, NEWTOWN), distance_km: 0 };
    const alsoNear = card('near', 3, NEWTOWN); // the same date, from the pages' list
    const within = card('within', 1, { latitude: -33.85, longitude: 151.2 }); // about 6 km away
    const far = card('far', 2, { latitude: -37.81, longitude: 144.96 }); // Melbourne
    const out = monthDates([near], [alsoNear, within, far], NEWTOWN, 20);
    expect(out.near?.map((d) => [d.event.id, d.distance_km])).toEqual([['within', 6], ['near', 0]]);
    expect(out.farther.map((d) => d.event.id)).toEqual(['far']);
  });

  it('waits for the near dates and a centre', () => {
    expect(monthDates(undefined, [card('x', 1, NEWTOWN)], NEWTOWN, 20)).toEqual({ near: undefined, farther: [] });
    expect(monthDates([], [card('x', 1, NEWTOWN)], null, 20)).toEqual({ near: [], farther: [] });
  });
});
