/**
 * The demo neighbourhood for `npm start` (never in tests): more members around the site's default
 * place (a few streets away to 18 km out), a community garden, a nursery and a swap club with
 * their members, roles, a pending join request and news, and about thirty plant listings with
 * photos. Everything goes through the same domain functions the API uses, like demo-content.ts.
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
import { plantPng } from './demo-images';
import { demoSession } from './demo-sessions';
import { DEMO_USERS, demoPasswordHash } from './seed';

const MARKER = { pk: 'seed', sk: 'demo-places#v1' };

/** The neighbours sign in with the same password as fern and moss. */
export const DEMO_NEIGHBOUR_PASSWORD = 'Leafline-demo-2026';

/** Who is who below: the first demo members by name, then the neighbours. */
export type Who = 'fern' | 'moss' | 'ivy' | 'rosa' | 'basil' | 'willow' | 'hazel' | 'rowan' | 'olive' | 'sage' | 'daisy';

/** Where someone or something is: kilometres north and east of the site's default place. */
export type Offset = readonly [north: number, east: number];

interface Neighbour {
  who: Who;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  bio: string;
  motivations: readonly Motivation[];
  km: Offset;
}

/** Nine members: four within 3 km, one 7 km out, four 11-16 km out (with the first three: twelve). */
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
];

type PageKey = 'garden' | 'nursery' | 'swap';

interface DemoPage {
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
  hue: number;
  /** Members who join (an open page) or whose request is approved (a moderated one). */
  members: Who[];
  /** Made moderators by the page's creator. */
  moderators?: Who[];
  /** Asked to join and still waiting. */
  requests?: Who[];
  news: { by: Who; text: string; tags: string[] }[];
}

const PAGES: readonly DemoPage[] = [
  {
    key: 'garden', by: 'fern', handle: 'wattle_lane_garden', name: 'Wattle Lane Community Garden', category: 'group', openness: 'open',
    about: 'Thirty raised beds, a shared herb spiral and the best compost in the suburb. Working bees on the first Saturday of the month; everyone is welcome, no experience needed.',
    tags: ['community garden', 'vegetables', 'composting'], km: [-2.6, -0.8], address: '14 Wattle Lane', hue: 100,
    members: ['moss', 'ivy', 'rosa', 'basil', 'willow', 'olive'], moderators: ['ivy'],
    news: [
      { by: 'fern', text: 'Working bee this Saturday from 9am: we are building two new raised beds by the shed. Gloves, tools and morning tea provided.', tags: ['working bee', 'community garden'] },
      { by: 'ivy', text: 'The compost bays are full, so please hold your green waste until next week. Worm castings are free for members at the shed in the meantime.', tags: ['composting'] },
    ],
  },
  {
    key: 'nursery', by: 'hazel', handle: 'fernleaf_nursery', name: 'Fernleaf Nursery', category: 'organisation', openness: 'open',
    about: 'A small family nursery: natives, succulents and hard-to-find houseplants, all grown on site. Open Thursday to Sunday, 9 to 4. Bring back your plastic pots for reuse.',
    tags: ['nursery', 'natives', 'succulents'], km: [-6, -3], address: '88 Potter Street', hue: 170,
    members: ['fern', 'basil', 'daisy', 'rowan', 'sage'],
    news: [
      { by: 'hazel', text: 'New stock this week: kangaroo paws, native grasses and a whole table of succulents under $5.', tags: ['natives', 'succulents'] },
      { by: 'hazel', text: 'Repotting workshop on Sunday at 10am. Bring one plant that has outgrown its pot; we supply the mix.', tags: ['repotting', 'workshop'] },
    ],
  },
  {
    key: 'swap', by: 'moss', handle: 'cuttings_swap_club', name: 'Cuttings Swap Club', category: 'group', openness: 'moderated',
    about: 'We meet on the first Sunday of every month to swap cuttings, seedlings and divisions. Label what you bring with its name and a care tip. New members are approved by the organisers.',
    tags: ['swap meet', 'cuttings', 'houseplants'], km: [1.8, -3.5], hue: 260,
    members: ['fern', 'willow', 'rowan', 'daisy'], requests: ['sage'],
    news: [
      { by: 'moss', text: 'Next swap: first Sunday of the month, 10am at the library forecourt. Pothos and tradescantia cuttings are plentiful, so bring something unusual if you can!', tags: ['swap meet', 'cuttings'] },
    ],
  },
];

interface DemoPlant {
  by: Who;
  commonName: string;
  botanicalName: string;
  availability: string;
  careNotes: string;
  tags: string[];
  size?: string;
  price?: string;
  swapTerms?: string;
}

/** 27 listings (with the first 3: 30); three are not available. */
const PLANTS: readonly DemoPlant[] = [
  { by: 'ivy', commonName: 'golden pothos', botanicalName: 'Epipremnum aureum', availability: 'Available to swap', careNotes: 'Rooted cuttings in water. Happy in low light; let the top of the soil dry out.', tags: ['aroids', 'cuttings'], swapTerms: 'Any hoya or trailing plant' },
  { by: 'ivy', commonName: 'string of hearts', botanicalName: 'Ceropegia woodii', availability: 'Available to swap', careNotes: 'Bright light and very little water.', tags: ['trailing', 'succulents'], size: 'Small pot' },
  { by: 'ivy', commonName: 'hoya', botanicalName: 'Hoya carnosa', availability: 'Not available', careNotes: 'Finally flowering, so this one stays. Cuttings later in the year.', tags: ['hoyas'] },
  { by: 'rosa', commonName: 'climbing rose', botanicalName: 'Rosa \'Pierre de Ronsard\'', availability: 'For sale: $15', careNotes: 'Struck from a cutting last autumn. Full sun and a trellis.', tags: ['roses', 'climbers'], price: '$15' },
  { by: 'rosa', commonName: 'peace lily', botanicalName: 'Spathiphyllum wallisii', availability: 'Free to a good home', careNotes: 'Droops dramatically when thirsty and recovers within the hour.', tags: ['houseplants'] },
  { by: 'rosa', commonName: 'spider plant babies', botanicalName: 'Chlorophytum comosum', availability: 'Free to a good home', careNotes: 'A bag of rooted babies. Pot them up and water weekly.', tags: ['houseplants', 'cuttings'] },
  { by: 'basil', commonName: 'sweet basil seedlings', botanicalName: 'Ocimum basilicum', availability: 'Free to a good home', careNotes: 'Six seedlings in a punnet. Pinch out the tips to keep them bushy.', tags: ['herbs', 'seedlings'] },
  { by: 'basil', commonName: 'spearmint', botanicalName: 'Mentha spicata', availability: 'Available to swap', careNotes: 'Keep it in a pot or it takes over the garden.', tags: ['herbs'] },
  { by: 'basil', commonName: 'rosemary', botanicalName: 'Salvia rosmarinus', availability: 'For sale: $5', careNotes: 'Tough as nails; full sun, well-drained soil.', tags: ['herbs'], price: '$5' },
  { by: 'willow', commonName: 'native violet', botanicalName: 'Viola hederacea', availability: 'Available to swap', careNotes: 'A lovely ground cover for shady spots. Divisions ready to go.', tags: ['natives', 'ground cover'] },
  { by: 'willow', commonName: 'lilly pilly', botanicalName: 'Syzygium australe', availability: 'Free to a good home', careNotes: 'Two young plants, about 40 cm. Good for hedges; birds love the berries.', tags: ['natives', 'hedging'], size: '40 cm' },
  { by: 'hazel', commonName: 'kangaroo paw', botanicalName: 'Anigozanthos flavidus', availability: 'For sale: $10', careNotes: 'Full sun and good drainage. Cut spent flower stems to the base.', tags: ['natives', 'flowering'], price: '$10' },
  { by: 'hazel', commonName: 'staghorn fern', botanicalName: 'Platycerium bifurcatum', availability: 'For sale: $25', careNotes: 'Mounted on a hardwood board. Mist in summer.', tags: ['ferns', 'natives'], price: '$25' },
  { by: 'hazel', commonName: 'echeveria', botanicalName: 'Echeveria elegans', availability: 'For sale: $5', careNotes: 'Sun, gritty mix, and water only when the leaves soften.', tags: ['succulents'], price: '$5' },
  { by: 'rowan', commonName: 'jade plant', botanicalName: 'Crassula ovata', availability: 'Available to swap', careNotes: 'A thick-trunked cutting that would make a nice bonsai.', tags: ['succulents', 'bonsai'] },
  { by: 'rowan', commonName: 'Port Jackson fig', botanicalName: 'Ficus rubiginosa', availability: 'Available to swap', careNotes: 'Pre-bonsai stock, three years old. Loves a hard prune.', tags: ['natives', 'bonsai'], swapTerms: 'Trident maple or juniper' },
  { by: 'olive', commonName: 'Meyer lemon', botanicalName: 'Citrus × meyeri', availability: 'For sale: $30', careNotes: 'Grafted, in a 30 cm pot. Feed with citrus food in spring.', tags: ['fruit trees'], price: '$30', size: '30 cm pot' },
  { by: 'olive', commonName: 'cherry tomato seedlings', botanicalName: 'Solanum lycopersicum', availability: 'Free to a good home', careNotes: 'Stake them early and water deeply.', tags: ['vegetables', 'seedlings'] },
  { by: 'olive', commonName: 'chilli', botanicalName: 'Capsicum annuum', availability: 'Not available', careNotes: 'Sold out for the season; seedlings again in spring.', tags: ['vegetables'] },
  { by: 'sage', commonName: 'snake plant', botanicalName: 'Dracaena trifasciata', availability: 'Free to a good home', careNotes: 'Pups divided from the mother plant. Water about once a month.', tags: ['succulents', 'low light'] },
  { by: 'sage', commonName: 'aloe vera', botanicalName: 'Aloe vera', availability: 'Available to swap', careNotes: 'Two pups. Bright light, little water.', tags: ['succulents'] },
  { by: 'daisy', commonName: 'philodendron brasil', botanicalName: 'Philodendron hederaceum \'Brasil\'', availability: 'For sale: $8', careNotes: 'Rooted cuttings with two or three leaves each.', tags: ['aroids', 'trailing'], price: '$8' },
  { by: 'daisy', commonName: 'calathea', botanicalName: 'Goeppertia orbifolia', availability: 'Not available', careNotes: 'Fussy about water: rain water only. Not parting with this one.', tags: ['houseplants'] },
  { by: 'daisy', commonName: 'tradescantia', botanicalName: 'Tradescantia zebrina', availability: 'Available to swap', careNotes: 'Grows like a weed in bright indirect light.', tags: ['trailing', 'cuttings'] },
  { by: 'fern', commonName: 'Boston fern', botanicalName: 'Nephrolepis exaltata', availability: 'Free to a good home', careNotes: 'Divided from an overgrown basket. Keep moist.', tags: ['ferns'] },
  { by: 'moss', commonName: 'rubber plant', botanicalName: 'Ficus elastica', availability: 'For sale: $12', careNotes: 'About 60 cm tall. Wipe the leaves now and then.', tags: ['houseplants'], price: '$12', size: '60 cm' },
  { by: 'moss', commonName: 'bird of paradise', botanicalName: 'Strelitzia reginae', availability: 'Available to swap', careNotes: 'A division with four leaves. Full sun for flowers.', tags: ['flowering'] },
];

/** Plant photos: sizes a phone or a scaled upload might have. */
const PHOTO_SIZES = [
  [480, 360],
  [360, 480],
  [420, 420],
  [512, 384],
] as const;

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

/** The point `km` from the site's default place (a degree of longitude narrows with latitude). */
export function pointAt([north, east]: Offset): { latitude: number; longitude: number } {
  const home = DEFAULT_SITE.defaultLocation;
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
  const postIds = [...PLANTS.map((_, i) => demoId(`plant:${i}`)), ...PAGES.flatMap((p) => p.news.map((_, i) => demoId(`news:${p.key}:${i}`)))];
  const made = new Set((await batchGet(postIds.map(postKey))).map((item) => item.pk));
  const exists = (postId: string): boolean => made.has(postKey(postId).pk);

  const home = DEFAULT_SITE.defaultLocation;
  async function register(n: Neighbour): Promise<UserItem> {
    const existing = await userIdByEmail(n.email);
    let user = existing ? await getUser(existing) : await createAccount(n.email, await demoPasswordHash(DEMO_NEIGHBOUR_PASSWORD));
    if (!user || user.deletedAt) throw new Error(`the demo account ${n.email} could not be made`);
    if (user.regState === 'complete') return user;
    if (!user.emailVerified) user = await saveUser({ ...user, emailVerified: true });
    const at = pointAt(n.km);
    // Named after the nearest populated place, as a member picking their suburb would be.
    const place = await nearestPlace(at.latitude, at.longitude);
    const profile = {
      username: n.username, firstName: n.firstName, lastName: n.lastName, bio: n.bio, motivations: [...n.motivations],
      suburbCity: place?.name ?? home.suburb_city, state: home.state, country: home.country,
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
  const tagsReady = later(ensureTags([...PAGES.flatMap((p) => [...p.tags, ...p.news.flatMap((n) => n.tags)]), ...PLANTS.flatMap((p) => p.tags)]));

  /**
   * Puts a generated image under `key`, recorded as the member's pending upload first (as the
   * upload URL routes do). A record left by a run that stopped before its post is used again.
   */
  async function upload(userId: string, key: string, body: Buffer): Promise<void> {
    try {
      await recordPendingUpload(userId, key, 'image/png', body.length);
    } catch (err) {
      if (!isConditionFailure(err)) throw err;
    }
    await s3().send(new PutObjectCommand({ Bucket: imagesBucket(), Key: key, Body: body, ContentType: 'image/png' }));
  }

  /** A page with its avatar, then its members, roles, requests and news. */
  async function seedPage(p: DemoPage): Promise<void> {
    const id = demoId(`page:${p.key}`);
    const creator = await member(p.by);
    const staff = await sessionOf(p.by);
    if (!(await getPage(id, true))) {
      const avatar = `${pageImagesPrefix(id)}${demoId(`page-avatar:${p.key}`)}.png`;
      await upload(creator.uuid, avatar, plantPng(320, 320, p.hue, p.key.length));
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
        await whileBusy(() => createPost(author.uuid, { id: postId, kind: 'post', text: n.text, tags: n.tags, photos: [], privacy: 'public', pageId: id }));
      }),
    );
  }

  /** A listing with one or two photos (every third has two), once. */
  async function seedPlant(p: DemoPlant, i: number): Promise<void> {
    const id = demoId(`plant:${i}`);
    if (exists(id)) return;
    const author = (await member(p.by)).uuid;
    const photos = await Promise.all(
      Array.from({ length: i % 3 === 0 ? 2 : 1 }, async (_, k) => {
        const [width, height] = PHOTO_SIZES[(i + k) % PHOTO_SIZES.length]!;
        const key = photoKeyFor(author, demoId(`plant-photo:${i}:${k}`), 'png');
        await upload(author, key, plantPng(width, height, (i * 47 + k * 29) % 360, i * 3 + k + 1));
        return { key, width, height, description: k ? `${p.commonName}, close up` : `${p.commonName} in its pot` };
      }),
    );
    const { commonName, botanicalName, availability, careNotes, size, price, swapTerms } = p;
    const plant = { commonName, botanicalName, availability, careNotes, ...(size ? { size } : {}), ...(price ? { price } : {}), ...(swapTerms ? { swapTerms } : {}) };
    await tagsReady;
    await whileBusy(() => createPost(author, { id, kind: 'plant', text: '', tags: p.tags, privacy: 'public', photos, plant }));
  }

  const slot = limiter(PARALLEL);
  await Promise.all([
    ...PAGES.map(seedPage),
    // A listing takes a slot once its author exists, so that listings by registered members go first.
    ...PLANTS.map(async (p, i) => {
      await member(p.by);
      await slot(() => seedPlant(p, i));
    }),
    ...members.values(),
    tagsReady,
  ]);
  await doc.send(new PutCommand({ TableName: table, Item: { ...MARKER, seededAt: new Date().toISOString() } }));
  return true;
}
