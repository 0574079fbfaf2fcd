/** Events for the API tests: made as a member or a page's staff makes them (POST /api/iam/events/new). */
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { EventView } from '../../shared/answers/events';
import { as, type Browser } from './accounts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A date `days` from now at the next whole hour, lasting `hours`. */
export function dateIn(days: number, hours = 2): { startsAt: string; endsAt: string } {
  const start = Math.ceil((Date.now() + days * DAY) / HOUR) * HOUR;
  return { startsAt: new Date(start).toISOString(), endsAt: new Date(start + hours * HOUR).toISOString() };
}

/** The community garden in Newtown (NSW), unless a test says otherwise. */
export const NEWTOWN = { name: 'Newtown Community Garden', address: '12 Australia St', suburbCity: 'Newtown', state: 'New South Wales', country: 'Australia', latitude: -33.8978, longitude: 151.1785 };

export interface EventActor {
  browser: Browser;
}

/** A one-off event three days ahead unless `over` says otherwise. */
export async function newEvent(who: EventActor, over: Record<string, unknown> = {}): Promise<EventView> {
  const body = { id: randomUUID(), title: 'Cutting swap', description: 'Bring cuttings', privacy: 'public', location: NEWTOWN, specifics: [dateIn(3)], ...over };
  const res = await as<{ event: EventView }>(who.browser, 'POST', '/api/iam/events/new', body);
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.data.event;
}

export async function attend(who: EventActor, specificId: string, status: 'GOING' | 'MAYBE' | 'NOT_GOING'): Promise<EventView> {
  const res = await as<{ event: EventView }>(who.browser, 'PUT', '/api/iam/events/upsert-attend-specific', { specificId, status });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.data.event;
}
