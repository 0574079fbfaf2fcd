/**
 * The demo neighbourhood for `npm start` (never in tests): more members around the site's default
 * place (a few streets away to 18 km out), a community garden, a nursery and a swap club with
 * their members, roles, a pending join request and news; a second, smaller neighbourhood in Perth
 * (another city, another time zone); member posts and about twenty plant listings, each with the
 * drawing of its plant (demo-assets.ts), dated over the past four weeks. Everything goes through
 * the same domain functions the API uses, like demo-content.ts, with the demo clock (demo-clock.ts).
 *
 * It runs once per database (its own marker), also on a database that already holds the first
 * demo content. Ids are derived from names, so a run that stopped half-way continues where it
 * was on the next start instead of making anything twice.
 */
import { createHash } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import type { UserItem } from '../../functions/db/entities/user';
import type { Session } from '../../functions/lib/session/token';
import type { Motivation } from '../../shared/answers/auth';
import { DEFAULT_SITE } from '../../shared/site';
import { DEMO_PICTURE_SIZE, DEMO_PICTURE_TYPE, demoPicture, type PictureName } from './demo-assets';
import { agoMs, type Ago } from './demo-clock';
import { demoSession } from './demo-sessions';
import { DEMO_USERS, demoPasswordHash } from './seed';

const MARKER = { pk: 'seed', sk: 'demo-places#v1' };

/** The neighbours sign in with the same password as fern and moss. */
export const DEMO_NEIGHBOUR_PASSWORD = 'Leafline-demo-2026';

/** Who is who below: the first demo members by name, then the neighbours (the last three in Perth). */
export type Who = 'fern' | 'moss' | 'ivy' | 'rosa' | 'basil' | 'willow' | 'hazel' | 'rowan' | 'olive' | 'sage' | 'daisy' | 'wren' | 'clover' | 'linden';

/** Where someone or something is: kilometres north and east of its area's centre. */
export type Offset = readonly [north: number, east: number];

/** The two demo neighbourhoods: around the site's default place, and one in another city and time zone. */
export type Area = 'home' | 'perth';

export interface DemoArea {
  latitude: number;
  longitude: number;
  suburb_city: string;
  state: string;
  country: string;
  /** The IANA zone of the area (the gazetteer's, checked by the seed's test). */
  timeZone: string;
}

export const DEMO_AREAS: Readonly<Record<Area, DemoArea>> = {
  home: { ...DEFAULT_SITE.defaultLocation, timeZone: 'Australia/Sydney' },
  perth: { latitude: -31.9523, longitude: 115.8613, suburb_city: 'Perth', state: 'WA', country: 'Australia', timeZone: 'Australia/Perth' },
};

export interface Neighbour {
  who: Who;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  bio: string;
  motivations: readonly Motivation[];
  km: Offset;
  /** The default place's neighbourhood unless given. */
  area?: Area;
}

/**
 * Twelve members: around the default place four within 3 km, one 7 km out, four 11-16 km out; in
 * Perth three (with the first three: fifteen).
 */
export const DEMO_NEIGHBOURS: readonly Neighbour[] = [
  { who: 'ivy', email: 'ivy@example.com', username: 'ivy_climbs', firstName: 'Ivy', lastName: 'Green', bio: 'Balcony gardener and propagation addict. Every windowsill has a jar of cuttings.', motivations: ['swap', 'learn', 'meet'], km: [1.2, -1.9] },
  { who: 'rosa', email: 'rosa@example.com', username: 'rosa_thorne', firstName: 'Rosa', lastName: 'Thorne', bio: 'Roses mostly, and whatever survives the possums. Ask me about black spot.', motivations: ['swap', 'give-away'], km: [-2, 1] },
  { who: 'basil', email: 'basil@example.com', username: 'basil_sprouts', firstName: 'Basil', lastName: 'Sprout', bio: 'Herbs on every ledge. Always too many seedlings to give away.', motivations: ['give-away', 'learn'], km: [0.8, 2.4] },
  { who: 'willow', email: 'willow@example.com', username: 'willow_brooks', firstName: 'Willow', lastName: 'Brooks', bio: 'Native plants, frogs and a very small pond.', motivations: ['swap', 'meet'], km: [-1.5, -2.4] },
  { who: 'hazel', email: 'hazel@example.com', username: 'hazel_woods', firstName: 'Hazel', lastName: 'Woods', bio: 'I run Fernleaf Nursery. Happy to talk soil, pots and pests.', motivations: ['sell', 'organise'], km: [-6.4, -2.5] },
  { who: 'rowan', email: 'rowan@example.com', username: 'rowan_ash', firstName: 'Rowan', lastName: 'Ash', bio: 'Bonsai, succulents and patience.', motivations: ['swap', 'learn'], km: [9.5, -6] },
  { who: 'olive', email: 'olive@example.com', username: 'olive_grove', firstName: 'Olive', lastName: 'Grove', bio: 'Veggie patch, chooks and a lemon tree that never stops.', motivations: ['give-away', 'swap', 'meet'], km: [-13, -9] },
  { who: 'sage', email: 'sage@example.com', username: 'sage_parsons', firstName: 'Sage', lastName: 'Parsons', bio: 'New to plants: learning by not killing succulents.', motivations: ['learn', 'meet'], km: [13, -3] },
  { who: 'daisy', email: 'daisy@example.com', username: 'daisy_fields', firstName: 'Daisy', lastName: 'Fields', bio: 'An indoor jungle in a one-bedroom flat. Trailing plants are my weakness.', motivations: ['sell', 'swap'], km: [-1, -16] },
  { who: 'wren', email: 'wren@example.com', username: 'wren_marsh', firstName: 'Wren', lastName: 'Marsh', bio: 'Waterwise gardening on Perth sand: kangaroo paws, grevilleas and a stubborn lemon myrtle.', motivations: ['swap', 'organise', 'meet'], km: [1.5, -2.5], area: 'perth' },
  { who: 'clover', email: 'clover@example.com', username: 'clover_hart', firstName: 'Clover', lastName: 'Hart', bio: 'Balcony herbs and tomatoes, battling the Fremantle Doctor every afternoon.', motivations: ['learn', 'give-away'], km: [-2, -4], area: 'perth' },
  { who: 'linden', email: 'linden@example.com', username: 'linden_shaw', firstName: 'Linden', lastName: 'Shaw', bio: 'Moved west with forty pots in the car. Aroids, mostly, and far too many cuttings.', motivations: ['swap', 'sell', 'meet'], km: [-14, -13], area: 'perth' },
];

type PageKey = 'garden' | 'nursery' | 'swap';

export interface DemoPage {
  key: PageKey;
  by: Who;
  handle: string;
  name: string;
  category: 'group' | 'organisation';
  openness: 'open' | 'moderated';
  about: string;
  tags: string[];
  km: Offset;
  address?: string;
  /** Its avatar: the drawing of a plant it is known for. */
  picture: PictureName;
  /** Members who join (an open page) or whose request is approved (a moderated one). */
  members: Who[];
  /** Made moderators by the page's creator. */
  moderators?: Who[];
  /** Asked to join and still waiting. */
  requests?: Who[];
  /** News, posted as the page; none names a date (posts about an event are made with the event, demo-events.ts). */
  news: { by: Who; text: string; tags: string[]; ago: Ago }[];
}

const PAGES: readonly DemoPage[] = [
  {
    key: 'garden', by: 'fern', handle: 'wattle_lane_garden', name: 'Wattle Lane Community Garden', category: 'group', openness: 'open',
    about: 'Thirty raised beds, a shared herb spiral and the best compost in the suburb. Working bees on the first Saturday of the month; everyone is welcome, no experience needed.',
    tags: ['community garden', 'vegetables', 'composting'], km: [-2.6, -0.8], address: '14 Wattle Lane', picture: 'cherry-tomato',
    members: ['moss', 'ivy', 'rosa', 'basil', 'willow', 'olive'], moderators: ['ivy'],
    news: [
      { by: 'fern', text: 'Thank you to everyone who came to the working bee: two new raised beds are in by the shed, and the tomato seedlings are planted. Morning tea was a triumph.', tags: ['working bee', 'community garden'], ago: [17, 3] },
      { by: 'ivy', text: 'The compost bays are full, so please hold your green waste for a week or two. Worm castings are free for members at the shed in the meantime.', tags: ['composting'], ago: [5, 6] },
    ],
  },
  {
    key: 'nursery', by: 'hazel', handle: 'fernleaf_nursery', name: 'Fernleaf Nursery', category: 'organisation', openness: 'open',
    about: 'A small family nursery: natives, succulents and hard-to-find houseplants, all grown on site. Open Thursday to Sunday, 9 to 4. Bring back your plastic pots for reuse.',
    tags: ['nursery', 'natives', 'succulents'], km: [-6, -3], address: '88 Potter Street', picture: 'kangaroo-paw',
    members: ['fern', 'basil', 'daisy', 'rowan', 'sage'],
    news: [
      { by: 'hazel', text: 'New stock in: kangaroo paws, native grasses and a whole table of succulents under $5.', tags: ['natives', 'succulents'], ago: [12, 2] },
    ],
  },
  {
    key: 'swap', by: 'moss', handle: 'cuttings_swap_club', name: 'Cuttings Swap Club', category: 'group', openness: 'moderated',
    about: 'We meet on the first Sunday of every month to swap cuttings, seedlings and divisions. Label what you bring with its name and a care tip. New members are approved by the organisers.',
    tags: ['swap meet', 'cuttings', 'houseplants'], km: [1.8, -3.5], picture: 'golden-pothos',
    members: ['fern', 'willow', 'rowan', 'daisy'], requests: ['sage'],
    news: [
      { by: 'moss', text: 'Pothos and tradescantia cuttings are plentiful at every swap, so bring something unusual if you can! Labels and spare jars are in the club box.', tags: ['swap meet', 'cuttings'], ago: [23, 5] },
    ],
  },
];

/** The pages, for the seed's test. */
export const DEMO_PAGES: readonly DemoPage[] = PAGES;

export interface DemoPlant {
  by: Who;
  commonName: string;
  botanicalName: string;
  availability: string;
  careNotes: string;
  tags: string[];
  size?: string;
  price?: string;
  swapTerms?: string;
  /** Its drawing: a listing's photo always shows the plant it names. */
  picture: PictureName;
  /** How long ago it was listed. */
  ago: Ago;
}

/** 20 listings (with the first 3: 23), six of them in Perth; two are not available. */
export const PLANTS: readonly DemoPlant[] = [
  { by: 'ivy', commonName: 'golden pothos', botanicalName: 'Epipremnum aureum', availability: 'Available to swap', careNotes: 'Rooted cuttings in water. Happy in low light; let the top of the soil dry out.', tags: ['aroids', 'cuttings'], swapTerms: 'Any hoya or trailing plant', picture: 'golden-pothos', ago: [1, 4] },
  { by: 'ivy', commonName: 'fiddle-leaf fig', botanicalName: 'Ficus lyrata', availability: 'For sale: $20', careNotes: 'About 70 cm. Bright light, no draughts, and do not move it once it is happy.', tags: ['houseplants', 'figs'], price: '$20', size: '70 cm', picture: 'fiddle-leaf-fig', ago: [9, 2] },
  { by: 'rosa', commonName: 'moth orchid', botanicalName: 'Phalaenopsis amabilis', availability: 'Free to a good home', careNotes: 'Rescued after flowering: it needs fresh bark and a bright windowsill.', tags: ['orchids', 'houseplants'], picture: 'moth-orchid', ago: [5, 8] },
  { by: 'basil', commonName: 'sweet basil seedlings', botanicalName: 'Ocimum basilicum', availability: 'Free to a good home', careNotes: 'Six seedlings in a punnet. Pinch out the tips to keep them bushy.', tags: ['herbs', 'seedlings'], picture: 'sweet-basil', ago: [4, 1] },
  { by: 'willow', commonName: 'kangaroo paw', botanicalName: 'Anigozanthos flavidus', availability: 'Available to swap', careNotes: 'A division of a red clump. Full sun and good drainage.', tags: ['natives', 'flowering'], swapTerms: 'Any native ground cover', picture: 'kangaroo-paw', ago: [12, 5] },
  { by: 'hazel', commonName: 'echeveria', botanicalName: 'Echeveria elegans', availability: 'For sale: $5', careNotes: 'Sun, gritty mix, and water only when the leaves soften.', tags: ['succulents'], price: '$5', picture: 'echeveria', ago: [15, 3] },
  { by: 'hazel', commonName: 'golden barrel cactus', botanicalName: 'Echinocactus grusonii', availability: 'For sale: $8', careNotes: 'Full sun and a dry winter; water monthly in summer.', tags: ['cacti', 'succulents'], price: '$8', picture: 'cactus', ago: [18, 2] },
  { by: 'rowan', commonName: 'echeveria', botanicalName: 'Echeveria \'Lola\'', availability: 'Available to swap', careNotes: 'Offsets from a big clump, already rooted.', tags: ['succulents'], swapTerms: 'Jade or any bonsai stock', picture: 'echeveria', ago: [24, 6] },
  { by: 'olive', commonName: 'cherry tomato seedlings', botanicalName: 'Solanum lycopersicum', availability: 'Free to a good home', careNotes: 'Stake them early and water deeply.', tags: ['vegetables', 'seedlings'], picture: 'cherry-tomato', ago: [6, 3] },
  { by: 'sage', commonName: 'snake plant', botanicalName: 'Dracaena trifasciata', availability: 'Free to a good home', careNotes: 'Pups divided from the mother plant. Water about once a month.', tags: ['succulents', 'low light'], picture: 'snake-plant', ago: [7, 9] },
  { by: 'daisy', commonName: 'string of pearls', botanicalName: 'Curio rowleyanus', availability: 'For sale: $8', careNotes: 'A full hanging pot. Bright light; water when the pearls wrinkle.', tags: ['trailing', 'succulents'], price: '$8', picture: 'string-of-pearls', ago: [11, 1] },
  { by: 'daisy', commonName: 'golden pothos', botanicalName: 'Epipremnum aureum', availability: 'Not available', careNotes: 'My oldest plant, three metres of vine. Cuttings later in the year.', tags: ['aroids', 'trailing'], picture: 'golden-pothos', ago: [26, 4] },
  { by: 'fern', commonName: 'Boston fern', botanicalName: 'Nephrolepis exaltata', availability: 'Free to a good home', careNotes: 'Divided from an overgrown basket. Keep moist.', tags: ['ferns'], picture: 'boston-fern', ago: [14, 2] },
  { by: 'moss', commonName: 'snake plant', botanicalName: 'Dracaena trifasciata \'Laurentii\'', availability: 'For sale: $12', careNotes: 'About 60 cm tall, yellow-edged. Thrives on neglect.', tags: ['houseplants', 'low light'], price: '$12', size: '60 cm', picture: 'snake-plant', ago: [27, 7] },
  { by: 'wren', commonName: 'kangaroo paw', botanicalName: 'Anigozanthos manglesii', availability: 'Available to swap', careNotes: 'The red and green one. Sun, sand and no fertiliser with phosphorus.', tags: ['natives', 'flowering'], swapTerms: 'Grevillea or banksia seedlings', picture: 'kangaroo-paw', ago: [3, 2] },
  { by: 'wren', commonName: 'golden barrel cactus', botanicalName: 'Echinocactus grusonii', availability: 'Free to a good home', careNotes: 'A pup from the verge garden. Gloves recommended.', tags: ['cacti'], picture: 'cactus', ago: [16, 5] },
  { by: 'clover', commonName: 'sweet basil', botanicalName: 'Ocimum basilicum', availability: 'For sale: $3', careNotes: 'Grown from seed on a sheltered balcony. Keep out of the wind.', tags: ['herbs'], price: '$3', picture: 'sweet-basil', ago: [8, 4] },
  { by: 'clover', commonName: 'cherry tomato seedlings', botanicalName: 'Solanum lycopersicum', availability: 'Free to a good home', careNotes: 'Tommy Toe seedlings, hardened off and ready to plant.', tags: ['vegetables', 'seedlings'], picture: 'cherry-tomato', ago: [13, 6] },
  { by: 'linden', commonName: 'monstera', botanicalName: 'Monstera deliciosa', availability: 'For sale: $25', careNotes: 'Three leaves with splits, in a 20 cm pot. Give it a pole to climb.', tags: ['aroids'], price: '$25', size: '20 cm pot', picture: 'monstera', ago: [10, 3] },
  { by: 'linden', commonName: 'fiddle-leaf fig', botanicalName: 'Ficus lyrata', availability: 'Not available', careNotes: 'It survived the drive from Sydney, so it stays.', tags: ['houseplants', 'figs'], picture: 'fiddle-leaf-fig', ago: [21, 2] },
];

/** Members' own posts, each at its time; a photo is the drawing of the plant the text names. */
export const MEMBER_POSTS: readonly { by: Who; text: string; tags: string[]; ago: Ago; picture?: PictureName }[] = [
  { by: 'rosa', text: 'Black spot is back on the climbing roses after all the rain. Has anyone had luck with a milk spray?', tags: ['roses', 'pests'], ago: [10, 5] },
  { by: 'basil', text: 'Basil seedlings everywhere again. If you are near the community garden, help yourself to a punnet from the shed.', tags: ['herbs', 'seedlings'], ago: [3, 20], picture: 'sweet-basil' },
  { by: 'sage', text: 'Six months in and the snake plant is still alive. Small wins! What should I try next?', tags: ['low light', 'beginners'], ago: [13, 4] },
  { by: 'daisy', text: 'Rearranged the flat so every trailing plant gets the morning sun. The string of pearls finally looks happy.', tags: ['trailing'], ago: [25, 2], picture: 'string-of-pearls' },
  { by: 'olive', text: 'First cherry tomatoes of the season from the veggie patch. The chooks got two of them before I did.', tags: ['vegetables'], ago: [2, 3], picture: 'cherry-tomato' },
  { by: 'wren', text: 'The kangaroo paws are flowering all along the front fence. Perth spring at its best.', tags: ['natives', 'flowering'], ago: [6, 2], picture: 'kangaroo-paw' },
  { by: 'linden', text: 'Just moved to Fremantle from Sydney with forty pots in the car. Looking for plant people nearby!', tags: ['aroids'], ago: [20, 6] },
  { by: 'clover', text: 'Anyone else growing basil on a windy balcony? Mine keeps getting shredded by the afternoon sea breeze.', tags: ['herbs', 'balcony'], ago: [9, 1] },
];

/** At most this many listings are written at once: DynamoDB Local is the bottleneck, and more only queue there. */
const PARALLEL = 4;

/** A stable id for a demo item, in the UUID v4 shape, so that a second run finds what the first made. */
export function demoId(name: string): string {
  const h = createHash('sha256').update(`leafline-demo:${name}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x40;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/** The point `km` from the centre of `area` (a degree of longitude narrows with latitude). */
export function pointAt([north, east]: Offset, area: Area = 'home'): { latitude: number; longitude: number } {
  const home = DEMO_AREAS[area];
  const kmPerDegree = 111.32;
  const latitude = home.latitude + north / kmPerDegree;
  const longitude = home.longitude + east / (kmPerDegree * Math.cos((home.latitude * Math.PI) / 180));
  return { latitude: Math.round(latitude * 1e5) / 1e5, longitude: Math.round(longitude * 1e5) / 1e5 };
}

/** A gate for at most `limit` tasks at once: `run(task)` waits for a free slot. */
function limiter(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running >= limit) await new Promise<void>((r) => waiting.push(r));
    else running++;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

/**
 * Runs `write` again (after a pause) when it answers 503: parallel writes share counters (a
 * page's counts, a tag's), and each write gives up after a few conflicts, as a request would.
 * Every write here is safe to repeat (ids are fixed, memberships are read first).
 */
async function whileBusy<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if ((err as { status?: number }).status !== 503 || attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 100 * attempt + Math.random() * 100));
    }
  }
}

/** A promise nobody may be waiting on yet: its failure is reported by whoever awaits it, not as unhandled. */
function later<T>(p: Promise<T>): Promise<T> {
  p.catch(() => undefined);
  return p;
}

/**
 * Seeds the neighbourhood once; false when it already was (or fern and moss are missing). Every
 * part starts at once and waits only for what it needs (its members, the tags), so the slow
 * parts (password hashing, page memberships) overlap the listings.
 */
export async function seedDemoPlaces(doc: DynamoDBDocumentClient, table: string): Promise<boolean> {
  const marker = await doc.send(new GetCommand({ TableName: table, Key: MARKER }));
  if (marker.Item) return false;
  const { completeRegistration, createAccount, getUser, saveUser, userIdByEmail, withLocation } = await import('../../functions/users/users');
  const { nearestPlace } = await import('../../functions/location/gazetteer');
  const { recordPendingUpload, photoKeyFor } = await import('../../functions/images/pending');
  const { imagesBucket, s3 } = await import('../../functions/lib/images');
  const { isConditionFailure } = await import('../../functions/db/transact');
  const { ensureTags } = await import('../../functions/tags/tags');
  const { createPost } = await import('../../functions/posts/write');
  const { batchGet } = await import('../../functions/db/batch');
  const { postKey } = await import('../../functions/db/entities/post');
  const { createPage } = await import('../../functions/pages/write');
  const { getPage, membershipOf } = await import('../../functions/pages/pages');
  const { pageImagesPrefix } = await import('../../functions/pages/page-images');
  const { approveRequest, changeRole, joinPage } = await import('../../functions/pages/members');

  // fern and moss from the first demo accounts; without them (never seeded, or deleted) nothing here.
  const [fernId, mossId] = await Promise.all([userIdByEmail(DEMO_USERS[1].email), userIdByEmail(DEMO_USERS[2].email)]);
  const [fern, moss] = await Promise.all([fernId ? getUser(fernId) : null, mossId ? getUser(mossId) : null]);
  if (!fern || !moss || fern.deletedAt || moss.deletedAt) return false;
  // The posts a run that stopped half-way already made (one BatchGet; none on a first run): their
  // photos were claimed, so uploading them again would hand the sweep a photo a post shows.
  const postIds = [
    ...PLANTS.map((_, i) => demoId(`plant:${i}`)),
    ...MEMBER_POSTS.map((_, i) => demoId(`post:${i}`)),
    ...PAGES.flatMap((p) => p.news.map((_, i) => demoId(`news:${p.key}:${i}`))),
  ];
  const made = new Set((await batchGet(postIds.map(postKey))).map((item) => item.pk));
  const exists = (postId: string): boolean => made.has(postKey(postId).pk);

  const nowMs = Date.now();
  async function register(n: Neighbour): Promise<UserItem> {
    const existing = await userIdByEmail(n.email);
    let user = existing ? await getUser(existing) : await createAccount(n.email, await demoPasswordHash(DEMO_NEIGHBOUR_PASSWORD));
    if (!user || user.deletedAt) throw new Error(`the demo account ${n.email} could not be made`);
    if (user.regState === 'complete') return user;
    if (!user.emailVerified) user = await saveUser({ ...user, emailVerified: true });
    const area = DEMO_AREAS[n.area ?? 'home'];
    const at = pointAt(n.km, n.area);
    // Named after the nearest populated place, as a member picking their suburb would be.
    const place = await nearestPlace(at.latitude, at.longitude);
    const profile = {
      username: n.username, firstName: n.firstName, lastName: n.lastName, bio: n.bio, motivations: [...n.motivations],
      suburbCity: place?.name ?? area.suburb_city, state: area.state, country: area.country,
    };
    return completeRegistration(user, withLocation(profile, at.latitude, at.longitude));
  }
  const members = new Map<Who, Promise<UserItem>>([
    ['fern', Promise.resolve(fern)],
    ['moss', Promise.resolve(moss)],
    ...DEMO_NEIGHBOURS.map((n) => [n.who, later(register(n))] as const),
  ]);
  const member = (who: Who): Promise<UserItem> => members.get(who)!;
  const sessionOf = async (who: Who): Promise<Session> => demoSession(await member(who));
  // Every tag used below, made up front, so that parallel writes need not stop to create them.
  const tagsReady = later(ensureTags([
    ...PAGES.flatMap((p) => [...p.tags, ...p.news.flatMap((n) => n.tags)]),
    ...PLANTS.flatMap((p) => p.tags),
    ...MEMBER_POSTS.flatMap((p) => p.tags),
  ]));

  /**
   * Puts a plant's drawing under `key`, recorded as the member's pending upload first (as the
   * upload URL routes do). A record left by a run that stopped before its post is used again.
   */
  async function upload(userId: string, key: string, picture: PictureName): Promise<void> {
    const body = demoPicture(picture);
    try {
      await recordPendingUpload(userId, key, DEMO_PICTURE_TYPE, body.length);
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
    await s3().send(new PutObjectCommand({ Bucket: imagesBucket(), Key: key, Body: body, ContentType: DEMO_PICTURE_TYPE }));
  }

  /** A post's photo: the drawing uploaded as the author's, described as the plant it shows. */
  async function photoOf(author: string, name: string, picture: PictureName, description: string) {
    const key = photoKeyFor(author, demoId(name), 'webp');
    await upload(author, key, picture);
    return { key, ...DEMO_PICTURE_SIZE, description };
  }

  /** A page with its avatar, then its members, roles, requests and news. */
  async function seedPage(p: DemoPage): Promise<void> {
    const id = demoId(`page:${p.key}`);
    const creator = await member(p.by);
    const staff = await sessionOf(p.by);
    if (!(await getPage(id, true))) {
      const avatar = `${pageImagesPrefix(id)}${demoId(`page-avatar:${p.key}`)}.webp`;
      await upload(creator.uuid, avatar, p.picture);
      await tagsReady;
      await createPage(creator.uuid, {
        id, handle: p.handle, name: p.name, category: p.category, about: p.about, avatar, tags: p.tags,
        place: pointAt(p.km), ...(p.address ? { address: p.address, addressPublic: true } : {}), openness: p.openness,
      });
    }
    // Joins (on a moderated page: a request, then its approval) and the waiting requests, in parallel.
    await Promise.all([
      ...p.members.map(async (who) => {
        const joiner = await sessionOf(who);
        const joined = await whileBusy(() => joinPage(joiner, id));
        if (joined.membership.status === 'requested') await whileBusy(() => approveRequest(staff, id, joiner.userId));
      }),
      ...(p.requests ?? []).map(async (who) => {
        const asker = await sessionOf(who);
        if (!(await membershipOf(id, asker.userId, true))) await whileBusy(() => joinPage(asker, id));
      }),
    ]);
    for (const who of p.moderators ?? []) await whileBusy(async () => changeRole(staff, id, (await member(who)).uuid, 'moderator'));
    await Promise.all(
      p.news.map(async (n, i) => {
        const postId = demoId(`news:${p.key}:${i}`);
        if (exists(postId)) return;
        const author = await member(n.by);
        await whileBusy(() => createPost(author.uuid, { id: postId, kind: 'post', text: n.text, tags: n.tags, photos: [], privacy: 'public', pageId: id }, { nowMs: agoMs(n.ago, nowMs) }));
      }),
    );
  }

  /** A listing with the drawing of its plant, once, dated when it was listed. */
  async function seedPlant(p: DemoPlant, i: number): Promise<void> {
    const id = demoId(`plant:${i}`);
    if (exists(id)) return;
    const author = (await member(p.by)).uuid;
    const photos = [await photoOf(author, `plant-photo:${i}:0`, p.picture, `${p.commonName} in its pot`)];
    const { commonName, botanicalName, availability, careNotes, size, price, swapTerms } = p;
    const plant = { commonName, botanicalName, availability, careNotes, ...(size ? { size } : {}), ...(price ? { price } : {}), ...(swapTerms ? { swapTerms } : {}) };
    await tagsReady;
    await whileBusy(() => createPost(author, { id, kind: 'plant', text: '', tags: p.tags, privacy: 'public', photos, plant }, { nowMs: agoMs(p.ago, nowMs) }));
  }

  /** A member's post (with the drawing of the plant it names, when it has a photo), once. */
  async function seedPost(p: (typeof MEMBER_POSTS)[number], i: number): Promise<void> {
    const id = demoId(`post:${i}`);
    if (exists(id)) return;
    const author = (await member(p.by)).uuid;
    const photos = p.picture ? [await photoOf(author, `post-photo:${i}:0`, p.picture, `${p.picture.replaceAll('-', ' ')}`)] : [];
    await tagsReady;
    await whileBusy(() => createPost(author, { id, kind: 'post', text: p.text, tags: p.tags, privacy: 'public', photos }, { nowMs: agoMs(p.ago, nowMs) }));
  }

  const slot = limiter(PARALLEL);
  await Promise.all([
    ...PAGES.map(seedPage),
    // A listing takes a slot once its author exists, so that listings by registered members go first.
    ...PLANTS.map(async (p, i) => {
      await member(p.by);
      await slot(() => seedPlant(p, i));
    }),
    ...MEMBER_POSTS.map(async (p, i) => {
      await member(p.by);
      await slot(() => seedPost(p, i));
    }),
    ...members.values(),
    tagsReady,
  ]);
  await doc.send(new PutCommand({ TableName: table, Item: { ...MARKER, seededAt: new Date().toISOString() } }));
  return true;
}
