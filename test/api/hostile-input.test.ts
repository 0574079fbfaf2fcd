/**
 * What an OpenAPI-driven fuzzer found: blank numbers read as 0, a `__proto__` query key the local
 * host dropped (the cloud's JSON keeps it), a body over 10 MB that cut the connection instead of
 * answering 413, and names that could hide direction controls or zero-width spaces.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { call, hostUrl } from '../support/api';
import { as } from '../support/accounts';
import { newEvent, NEWTOWN, dateIn } from '../support/events';
import { registeredUser } from '../support/users';

const errorOf = (json: unknown) => (json as { error: { code: string; message: string; field?: string } }).error;

describe('hostile input', () => {
  it('a blank number is a number not given: required → 400 "is required", optional → left out (never 0, a place in the Gulf of Guinea)', async () => {
    for (const path of ['/api/location/place-at?lat=&long=', '/api/page/location/nearby-pages?lat=&long=151', '/api/events/nearby?lat=%20&long=151']) {
      const res = await call('GET', path);
      expect(res.status, path).toBe(400);
      expect(errorOf(res.json), path).toMatchObject({ field: 'lat', message: 'lat is required' });
    }
    const take = await call('GET', '/api/page/location/nearby-pages?lat=-33.9&long=151.18&take=');
    expect(take.status, JSON.stringify(take.json)).toBe(200);
    const blankOptional = await call('GET', '/api/location/places?q=Newtown&lat=&long=');
    expect(blankOptional.status, JSON.stringify(blankOptional.json)).toBe(200);
    // A real 0 is still 0.
    expect((await call('GET', '/api/location/place-at?lat=0&long=0')).status).not.toBe(400);
  });

  it('a __proto__ query key is refused by name, as the cloud host does (its query arrives as JSON)', async () => {
    for (const path of ['/api/location/place-at?lat=-33.9&long=151.18&__proto__=x', '/api/location/place-at?__proto__[lat]=1&lat=-33.9&long=151.18']) {
      const res = await call('GET', path);
      expect(res.status, path).toBe(400);
      expect(errorOf(res.json).field, path).toMatch(/^__proto__/);
    }
  });

  it('a body over 10 MB answers 413 with the error envelope, not a cut connection', async () => {
    const res = await fetch(`${hostUrl()}/api/iam/authn/login`, {
      method: 'POST',
      headers: { 'client-platform': 'browser', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(10 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(errorOf(await res.json())).toMatchObject({ code: 'payload_too_large' });
  });

  it('names and titles refuse direction controls, the zero-width space and the byte order mark, and keep the joiners emoji need', async () => {
    const m = await registeredUser();
    const hidden = ['\u202E', '\u2066', '\u200B', '\uFEFF'];
    for (const mark of hidden) {
      const page = await as(m.browser, 'POST', '/api/iam/pages/new', { id: randomUUID(), handle: `p${randomUUID().slice(0, 8)}`, name: `Fern${mark}leaf`, place: NEWTOWN_PLACE });
      expect(page.status, `page name with U+${mark.codePointAt(0)!.toString(16)}`).toBe(400);
      expect(errorOf(page.json).field).toBe('name');
      const event = await as(m.browser, 'POST', '/api/iam/events/new', { id: randomUUID(), title: `Seed${mark}swap`, privacy: 'public', location: NEWTOWN, specifics: [dateIn(3)] });
      expect(event.status, JSON.stringify(event.json).slice(0, 300)).toBe(400);
      expect(errorOf(event.json).field).toBe('title');
      const person = await as(m.browser, 'PUT', '/api/iam/authn/update', { first_name: `A${mark}da` });
      expect(person.status).toBe(400);
      expect(errorOf(person.json).field).toBe('first_name');
      const plant = await as(m.browser, 'POST', '/api/iam/plant/new', { id: randomUUID(), plant: { commonName: `Maiden${mark}hair`, availability: 'Available to swap' }, plant_photos: [], tags: [], privacy: 'public' });
      expect(plant.status).toBe(400);
      expect(errorOf(plant.json).field).toBe('plant.commonName');
    }
    // The zero-width joiner holds emoji sequences together: a title may carry one.
    const joined = await newEvent(m, { title: 'Seed swap \u{1F469}\u200D\u{1F33E}' });
    expect(joined.title).toBe('Seed swap \u{1F469}\u200D\u{1F33E}');
  });
});

const NEWTOWN_PLACE = { latitude: NEWTOWN.latitude, longitude: NEWTOWN.longitude };
