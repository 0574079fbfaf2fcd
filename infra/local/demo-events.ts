/**
 * The demo events for `npm start` (never in tests), after the demo neighbourhood: the swap club's
 * weekly swap meet (a series), the nursery's repotting workshop with four places (full, with one
 * member waiting), a member's garden visit, and a seed swap in Perth (the other neighbourhood, in
 * its own time zone), with people going. Each is announced in a post whose date and time are read
 * from the event as made, in its place's zone, so a post never disagrees with its event. Through
 * the same domain functions the API uses; once per database (its own marker), ids derived from
 * names, so a run that stopped half-way finishes on the next start.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Session } from '../../functions/lib/session/token';
import type { AttendanceStatus } from '../../shared/constants';
import { instantOf, wallClockOf } from '../../shared/zoned-time';
import { agoMs, type Ago } from './demo-clock';
import { DEMO_NEIGHBOURS, demoId, pointAt, type Area, type Offset } from './demo-places';
import { demoSession } from './demo-sessions';
import { DEMO_USERS } from './seed';

const MARKER = { pk: 'seed', sk: 'demo-events#v1' };
const DAY = 86_400_000;

type Status = Exclude<AttendanceStatus, 'NOT_GOING'>;

export interface DemoEvent {
  key: string;
  by: string;
  page?: 'swap' | 'nursery';
  title: string;
  description: string;
  place: { name: string; address?: string; km: Offset };
  /** The default place's neighbourhood unless given. */
  area?: Area;
  /** Days from today, the local start time and the length in hours. */
  inDays: number;
  weekday?: number;
  at: [hour: number, minute: number];
  hours: number;
  rrule?: string;
  capacity?: number;
  /** Who answers for the first date, in order (the waitlist is first come, first served). */
  attend: [email: string, Status][];
  /**
   * The post that announces it, by its owner (as its page when it has one), `ago` before the seed:
   * its text is made from the first date's start as `when` ("Sunday 29 November at 10:00 am").
   */
  announce: { ago: Ago; tags: string[]; text: (when: string) => string };
}

const EVENTS: readonly DemoEvent[] = [
  {
    key: 'swap-meet', by: 'moss@example.com', page: 'swap', title: 'Sunday cuttings swap',
    description: 'Bring labelled cuttings, seedlings or divisions and take home something new. Spare jars and bags on the table. Everyone welcome; members approve new faces at the door.',
    place: { name: 'Library forecourt', address: '2 Library Walk', km: [1.8, -3.5] }, inDays: 1, weekday: 0, at: [10, 0], hours: 2, rrule: 'FREQ=WEEKLY;BYDAY=SU',
    attend: [['fern@example.com', 'GOING'], ['willow@example.com', 'MAYBE'], ['rowan@example.com', 'GOING']],
    announce: { ago: [2, 5], tags: ['swap meet', 'cuttings'], text: (when) => `The cuttings swap is weekly now: the next one is on ${when} at the library forecourt. Label what you bring with its name and a care tip.` },
  },
  {
    key: 'repotting', by: 'hazel@example.com', page: 'nursery', title: 'Repotting workshop',
    description: 'Bring one plant that has outgrown its pot: we supply the mix and show how to tease roots, choose a pot and water it in. Four places at the bench.',
    place: { name: 'Fernleaf Nursery', address: '88 Potter Street', km: [-6, -3] }, inDays: 8, weekday: 0, at: [10, 0], hours: 2, capacity: 4,
    attend: [['fern@example.com', 'GOING'], ['basil@example.com', 'GOING'], ['daisy@example.com', 'GOING'], ['rowan@example.com', 'GOING'], ['sage@example.com', 'GOING']],
    announce: { ago: [3, 2], tags: ['repotting', 'workshop'], text: (when) => `Repotting workshop on ${when}. Bring one plant that has outgrown its pot; we supply the mix. Four places at the bench.` },
  },
  {
    key: 'balcony-visit', by: 'ivy@example.com', title: 'Balcony garden visit',
    description: 'Come and see what fits on a fourth-floor balcony: climbers, a worm farm and far too many cuttings in jars. Tea provided.',
    place: { name: "Ivy's balcony garden", km: [1.2, -1.9] }, inDays: 5, at: [14, 0], hours: 2,
    attend: [['rosa@example.com', 'GOING'], ['basil@example.com', 'MAYBE']],
    announce: { ago: [1, 3], tags: ['balcony', 'open garden'], text: (when) => `I am opening my balcony garden on ${when}: climbers, a worm farm and far too many cuttings in jars. Tea provided!` },
  },
  {
    key: 'perth-seed-swap', by: 'wren@example.com', title: 'Native seed and cuttings swap',
    description: 'Swap seeds, cuttings and seedlings of WA natives and waterwise plants. Bring paper envelopes and labels; there is shade and water at the hall.',
    place: { name: 'Subiaco community hall', address: '12 Rokeby Road', km: [0.2, -3.6] }, area: 'perth', inDays: 4, weekday: 6, at: [9, 30], hours: 3,
    attend: [['clover@example.com', 'GOING'], ['linden@example.com', 'GOING'], ['fern@example.com', 'MAYBE']],
    announce: { ago: [4, 6], tags: ['natives', 'swap meet'], text: (when) => `Native seed and cuttings swap on ${when} in Subiaco. Kangaroo paw divisions and grevillea cuttings on my table, and everyone is welcome.` },
  },
];

/** The events, for the seed's test. */
export const DEMO_EVENTS: readonly DemoEvent[] = EVENTS;

/** An event's start as a post names it, in its place's zone: "Sunday 29 November at 10:00 am". */
export function eventWhen(startsAt: string, timeZone: string): string {
  const at = new Date(startsAt);
  const day = new Intl.DateTimeFormat('en-AU', { timeZone, weekday: 'long', day: 'numeric', month: 'long' }).format(at);
  const time = new Intl.DateTimeFormat('en-AU', { timeZone, hour: 'numeric', minute: '2-digit', hour12: true }).format(at);
  return `${day.replace(',', '')} at ${time}`;
}

/** The first date's start of `e` made at `nowMs` in `zone`: `inDays` ahead (then the next `weekday`), at the local time of the place. */
export function firstStart(e: DemoEvent, nowMs: number, zone: string): string {
  const weekday = (d: Date) => {
    const w = wallClockOf(d, zone);
    return new Date(Date.UTC(w.year, w.month - 1, w.day)).getUTCDay();
  };
  let day = new Date(nowMs + e.inDays * DAY);
  while (e.weekday !== undefined && weekday(day) !== e.weekday) day = new Date(day.getTime() + DAY);
  const local = wallClockOf(day, zone);
  return instantOf({ ...local, hour: e.at[0], minute: e.at[1], second: 0 }, zone).toISOString();
}

/** Seeds the demo events once; false when they already were (or their people are missing). */
export async function seedDemoEvents(doc: DynamoDBDocumentClient, table: string): Promise<boolean> {
  const marker = await doc.send(new GetCommand({ TableName: table, Key: MARKER }));
  if (marker.Item) return false;
  const { getUser, userIdByEmail } = await import('../../functions/users/users');
  const { nearestPlace } = await import('../../functions/location/gazetteer');
  const { createEvent } = await import('../../functions/events/creation');
  const { datesOf, getEvent } = await import('../../functions/events/events');
  const { setAttendance } = await import('../../functions/events/attend');
  const { getPage } = await import('../../functions/pages/pages');
  const { createPost } = await import('../../functions/posts/write');
  const { ensureTags } = await import('../../functions/tags/tags');
  const nowMs = Date.now();
  await ensureTags(EVENTS.flatMap((e) => e.announce.tags));

  const emails = [...DEMO_USERS.map((u) => u.email), ...DEMO_NEIGHBOURS.map((n) => n.email)];
  const sessions = new Map<string, Session>();
  await Promise.all(
    emails.map(async (email) => {
      const id = await userIdByEmail(email);
      const user = id ? await getUser(id) : null;
      if (user && !user.deletedAt && user.regState === 'complete') sessions.set(email, await demoSession(user));
    }),
  );
  const zoneAt = async (latitude: number, longitude: number) => (await nearestPlace(latitude, longitude))?.timeZone ?? 'UTC';

  // The events side by side; each one's answers in order (its waitlist is first come, first served).
  const made = await Promise.all(EVENTS.map(async (e): Promise<boolean> => {
    const owner = sessions.get(e.by);
    const pageId = e.page ? demoId(`page:${e.page}`) : undefined;
    if (!owner || (pageId && !(await getPage(pageId)))) return false;
    const id = demoId(`event:${e.key}`);
    let event = await getEvent(id, true);
    if (!event) {
      const point = pointAt(e.place.km, e.area);
      const zone = await zoneAt(point.latitude, point.longitude);
      const startsAt = firstStart(e, nowMs, zone);
      const endsAt = new Date(Date.parse(startsAt) + e.hours * 3_600_000).toISOString();
      ({ event } = await createEvent(owner, {
        id, title: e.title, description: e.description, privacy: 'public', ...(pageId ? { pageId } : {}),
        location: { name: e.place.name, ...(e.place.address ? { address: e.place.address } : {}), ...point },
        specifics: [{ startsAt, endsAt }],
        ...(e.rrule ? { recurrence: { rrule: e.rrule } } : {}),
        ...(e.capacity ? { capacity: e.capacity } : {}),
      }, { zoneAt }));
    }
    const first = (await datesOf(id, true))[0];
    if (!first) return true;
    const answers = async () => {
      for (const [email, status] of e.attend) {
        const who = sessions.get(email);
        if (who) await setAttendance(who, event, first.dateKey, status);
      }
    };
    // The post that announces it names the first date as made, in the event's own zone.
    const postId = demoId(`event-post:${e.key}`);
    const announce = createPost(owner.userId, {
      id: postId, kind: 'post', text: e.announce.text(eventWhen(first.startsAt, event.timeZone)), tags: e.announce.tags, photos: [], privacy: 'public',
      ...(pageId ? { pageId } : {}),
    }, { nowMs: agoMs(e.announce.ago, nowMs) });
    await Promise.all([answers(), announce]);
    return true;
  }));
  if (made.includes(false)) return false;
  await doc.send(new PutCommand({ TableName: table, Item: { ...MARKER, seededAt: new Date().toISOString() } }));
  return true;
}
