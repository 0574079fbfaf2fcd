/**
 * The demo data `npm start` seeds, checked without a database: every photo is the drawing of the
 * plant its post or listing names (and the drawing is committed, with its source); dates spread
 * over the past four weeks and answers come after what they answer; a post that announces an event
 * names the date the event is made with, in the event's zone; and the second neighbourhood is in
 * another city and time zone, as the gazetteer says.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { nearestPlace, placesIndexInfo } from '../../functions/location/gazetteer';
import { wallClockOf } from '../../shared/zoned-time';
import { DEMO_ASSETS_DIR, PICTURES, PICTURE_SHOWS, type PictureName } from './demo-assets';
import type { Ago } from './demo-clock';
import { FIRST_PLANTS, FIRST_POSTS } from './demo-content';
import { DEMO_EVENTS, eventWhen, firstStart } from './demo-events';
import { DEMO_AREAS, DEMO_NEIGHBOURS, DEMO_PAGES, MEMBER_POSTS, PLANTS, pointAt } from './demo-places';
import { COMMENTS } from './demo-talk';

beforeAll(async () => {
  // The first run builds the gazetteer's index from node_modules (a few seconds); later runs read the cache.
  await placesIndexInfo();
}, 120_000);

const days = ([d, h]: Ago) => d + h / 24;

/** Every post the seed makes, by the name its id is made from, with its text (or plant's name), age and photo. */
const POSTS: { name: string; text: string; ago: Ago; picture?: PictureName }[] = [
  ...FIRST_PLANTS.map((p, i) => ({ name: `first:plant:${i}`, text: p.commonName, ago: p.ago, picture: p.picture })),
  ...FIRST_POSTS.map((p, i) => ({ name: `first:post:${i}`, text: p.text, ago: p.ago })),
  ...PLANTS.map((p, i) => ({ name: `plant:${i}`, text: p.commonName, ago: p.ago, picture: p.picture })),
  ...MEMBER_POSTS.map((p, i) => ({ name: `post:${i}`, text: p.text, ago: p.ago, ...(p.picture ? { picture: p.picture } : {}) })),
  ...DEMO_PAGES.flatMap((pg) => pg.news.map((n, i) => ({ name: `news:${pg.key}:${i}`, text: n.text, ago: n.ago }))),
  ...DEMO_EVENTS.map((e) => ({ name: `event-post:${e.key}`, text: e.announce.text('(its date)'), ago: e.announce.ago })),
];

describe('the demo pictures', () => {
  it('are 8 to 12 committed WebP drawings of 10 to 40 KB, each with its SVG source', () => {
    expect(PICTURES.length).toBeGreaterThanOrEqual(8);
    expect(PICTURES.length).toBeLessThanOrEqual(12);
    expect(readdirSync(DEMO_ASSETS_DIR).filter((f) => f.endsWith('.webp')).sort()).toEqual(PICTURES.map((p) => `${p}.webp`).sort());
    for (const name of PICTURES) {
      const file = join(DEMO_ASSETS_DIR, `${name}.webp`);
      const head = readFileSync(file).subarray(0, 12);
      expect(head.subarray(0, 4).toString('ascii'), name).toBe('RIFF');
      expect(head.subarray(8, 12).toString('ascii'), name).toBe('WEBP');
      // Small enough to seed fast, large enough to be a drawing rather than a flat colour.
      expect(statSync(file).size, name).toBeGreaterThan(5 * 1024);
      expect(statSync(file).size, name).toBeLessThan(40 * 1024);
      expect(existsSync(join(DEMO_ASSETS_DIR, 'svg', `${name}.svg`)), name).toBe(true);
    }
  });

  it('show the plant each post or listing with a photo names, and every drawing is used', () => {
    const withPhoto = POSTS.filter((p) => p.picture);
    expect(withPhoto.length).toBeGreaterThan(20);
    for (const p of withPhoto) expect(p.text, `${p.name}'s photo is the ${p.picture} drawing`).toMatch(PICTURE_SHOWS[p.picture!]);
    expect(new Set(withPhoto.map((p) => p.picture))).toEqual(new Set(PICTURES));
  });

  it('are the only images the seed uploads: no generated gradient or clip-art stands for a photo', () => {
    const sources = readdirSync(import.meta.dirname).filter((f) => /^(demo-.*|seed)\.ts$/.test(f) && !f.endsWith('.test.ts') && f !== 'demo-images.ts');
    expect(sources.length).toBeGreaterThan(5);
    for (const f of sources) expect(readFileSync(join(import.meta.dirname, f), 'utf8'), f).not.toMatch(/demo-images|gradientPng|plantPng/);
  });
});

describe('the demo dates', () => {
  it('spread the posts and listings over the past four weeks, several in each week', () => {
    const ages = POSTS.map((p) => days(p.ago));
    expect(Math.max(...ages)).toBeLessThanOrEqual(28);
    for (let week = 0; week < 4; week++) {
      expect(ages.filter((a) => a >= week * 7 && a < (week + 1) * 7).length, `week ${week + 1} back`).toBeGreaterThanOrEqual(5);
    }
    expect(new Set(ages.map(Math.floor)).size).toBeGreaterThanOrEqual(20);
  });

  it('put each comment after its post and each reply after its comment; 10 to 15 in all', () => {
    const postAge = new Map(POSTS.map((p) => [p.name, days(p.ago)]));
    let count = 0;
    for (const c of COMMENTS) {
      expect(postAge.has(c.on), `${c.on} is a seeded post`).toBe(true);
      expect(days(c.ago), `a comment on ${c.on}`).toBeLessThan(postAge.get(c.on)!);
      count++;
      for (const r of c.replies ?? []) {
        expect(days(r.ago), `a reply on ${c.on}`).toBeLessThan(days(c.ago));
        count++;
      }
    }
    expect(count).toBeGreaterThanOrEqual(10);
    expect(count).toBeLessThanOrEqual(15);
  });

  it('never write a day into a post: dates come from the events', () => {
    const dayWords = /\b(monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight|today|next week)\b/i;
    for (const p of POSTS) expect(p.text, p.name).not.toMatch(dayWords);
  });
});

describe('a post announcing an event', () => {
  const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

  // Made at a few moments (either side of a change of month and of Sydney's daylight saving).
  for (const now of ['2026-11-28T09:00:00Z', '2026-03-30T22:00:00Z', '2026-12-31T15:00:00Z']) {
    it(`names the event's first date and time in its place's zone (made at ${now})`, () => {
      for (const e of DEMO_EVENTS) {
        const zone = DEMO_AREAS[e.area ?? 'home'].timeZone;
        const start = firstStart(e, Date.parse(now), zone);
        const wall = wallClockOf(new Date(start), zone);
        const weekday = new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay();
        expect([wall.hour, wall.minute], e.key).toEqual(e.at);
        if (e.weekday !== undefined) expect(weekday, e.key).toBe(e.weekday);
        expect(Date.parse(start), e.key).toBeGreaterThan(Date.parse(now));
        const text = e.announce.text(eventWhen(start, zone));
        const hour12 = wall.hour % 12 || 12;
        expect(text, e.key).toContain(`${WEEKDAYS[weekday]} ${wall.day} ${MONTHS[wall.month - 1]}`);
        expect(text, e.key).toContain(`${hour12}:${String(wall.minute).padStart(2, '0')} ${wall.hour < 12 ? 'am' : 'pm'}`);
      }
    });
  }
});

describe('the second neighbourhood', () => {
  it('is in another city and time zone, as the gazetteer has the places of its members and its event', async () => {
    const { home, perth } = DEMO_AREAS;
    expect(perth.timeZone).not.toBe(home.timeZone);
    const offset = (zone: string, at: Date) => {
      const w = wallClockOf(at, zone);
      return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute) - Math.floor(at.getTime() / 60_000) * 60_000;
    };
    // Two hours apart in the southern winter, three in summer (Perth keeps no daylight saving).
    expect(offset(home.timeZone, new Date('2026-07-01T00:00:00Z')) - offset(perth.timeZone, new Date('2026-07-01T00:00:00Z'))).toBe(2 * 3_600_000);
    expect(offset(home.timeZone, new Date('2026-12-01T00:00:00Z')) - offset(perth.timeZone, new Date('2026-12-01T00:00:00Z'))).toBe(3 * 3_600_000);
    // Its members, listings and event are there, thousands of kilometres from the default place.
    const perthFolk = DEMO_NEIGHBOURS.filter((n) => n.area === 'perth');
    expect(perthFolk.length).toBeGreaterThanOrEqual(3);
    expect(PLANTS.filter((p) => perthFolk.some((n) => n.who === p.by)).length).toBeGreaterThanOrEqual(4);
    const perthEvents = DEMO_EVENTS.filter((e) => e.area === 'perth');
    expect(perthEvents.length).toBeGreaterThanOrEqual(1);
    for (const at of [...perthFolk.map((n) => pointAt(n.km, 'perth')), ...perthEvents.map((e) => pointAt(e.place.km, 'perth'))]) {
      expect((await nearestPlace(at.latitude, at.longitude))?.timeZone).toBe(perth.timeZone);
      expect(Math.abs(at.longitude - home.longitude)).toBeGreaterThan(30);
    }
    for (const n of DEMO_NEIGHBOURS.filter((x) => !x.area)) {
      const at = pointAt(n.km);
      expect((await nearestPlace(at.latitude, at.longitude))?.timeZone, n.who).toBe(home.timeZone);
    }
  });
});
