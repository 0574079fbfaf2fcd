/**
 * Demo posts and plant listings for `npm start` (never in tests), made through the same domain
 * functions the API uses: photos (the drawings of the plants they name, demo-assets.ts) uploaded to
 * the local bucket with their pending records, then the posts, dated over the past weeks with the
 * demo clock. The comments, replies and likes come last (demo-talk.ts), once everyone exists.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { DEMO_USERS } from './seed';
import { DEMO_PICTURE_SIZE, DEMO_PICTURE_TYPE, demoPicture, type PictureName } from './demo-assets';
import { agoMs, type Ago } from './demo-clock';
import { seedDemoEvents } from './demo-events';
import { seedDemoMessages } from './demo-messages';
import { endDemoSessions } from './demo-sessions';
import { demoId, seedDemoPlaces } from './demo-places';
import { seedDemoTalk } from './demo-talk';

const MARKER = { pk: 'seed', sk: 'demo-content#v1' };

/** fern's and moss's listings (`by` indexes DEMO_USERS); ids `first:plant:<i>`. */
export const FIRST_PLANTS: readonly {
  by: 1 | 2; commonName: string; botanicalName: string; availability: string; careNotes: string; tags: string[]; picture: PictureName; ago: Ago;
}[] = [
  { by: 1, commonName: 'string of pearls', botanicalName: 'Curio rowleyanus', availability: 'Available to swap', careNotes: 'Bright indirect light; let it dry out between waterings.', tags: ['succulents', 'trailing'], picture: 'string-of-pearls', ago: [26, 3] },
  { by: 2, commonName: 'monstera', botanicalName: 'Monstera deliciosa', availability: 'Free to a good home', careNotes: 'Cuttings rooted in water, ready to pot.', tags: ['aroids', 'cuttings'], picture: 'monstera', ago: [2, 6] },
  { by: 1, commonName: 'moth orchid', botanicalName: 'Phalaenopsis amabilis', availability: 'Not available', careNotes: 'In flower for the third time this year. Bright windowsill, water once a week by soaking.', tags: ['orchids'], picture: 'moth-orchid', ago: [20, 2] },
];

/** fern's and moss's posts; ids `first:post:<i>`. */
export const FIRST_POSTS: readonly { by: 1 | 2; text: string; privacy: 'public' | 'members'; tags: string[]; ago: Ago }[] = [
  { by: 2, text: 'First warm weekend of spring: repotted everything on the balcony. Which mix do you use for aroids?', privacy: 'public', tags: ['aroids', 'repotting'], ago: [8, 4] },
  { by: 1, text: 'My maidenhair fern finally forgave me for the move: three new fronds since I gave it a saucer of wet pebbles.', privacy: 'members', tags: ['ferns'], ago: [19, 5] },
];

/**
 * The demo content: the first posts and listings below and the demo neighbourhood
 * (demo-places.ts: more members, pages, listings), side by side (neither needs the other), then
 * the demo events (demo-events.ts: they need the neighbourhood's pages), conversations
 * (demo-messages.ts) and comments, replies and likes (demo-talk.ts), each
 * once per database (its own marker), so a database seeded before the neighbourhood existed gets
 * it on its next start. A neighbourhood that fails (a demo handle taken by a real member, say) is
 * reported and does not stop the host; the next start tries again.
 */
export async function seedDemoContent(doc: DynamoDBDocumentClient, table: string): Promise<boolean> {
  const [first, more] = await Promise.allSettled([seedFirstContent(doc, table), seedDemoPlaces(doc, table)]);
  if (more.status === 'rejected') {
    const err: unknown = more.reason;
    console.warn(`The demo neighbourhood was not seeded (the next start tries again): ${err instanceof Error ? err.message : String(err)}`);
  }
  // Events need the neighbourhood's members and pages, and so do conversations; they need not each
  // other. Comments, replies and likes need every post: the talk starts with them, and reaches the
  // posts that announce events once those are made.
  const ready = first.status === 'fulfilled' && more.status === 'fulfilled';
  const events = more.status === 'fulfilled'
    ? seedDemoEvents(doc, table).catch((err: unknown) => {
        console.warn(`The demo events were not seeded (the next start tries again): ${err instanceof Error ? err.message : String(err)}`);
        return false;
      })
    : Promise.resolve(false);
  const [eventsMade, messages, talk] = await Promise.all([
    events,
    more.status === 'fulfilled'
      ? seedDemoMessages(doc, table).catch((err: unknown) => {
          console.warn(`The demo conversations were not seeded (the next start tries again): ${err instanceof Error ? err.message : String(err)}`);
          return false;
        })
      : false,
    ready
      ? seedDemoTalk(doc, table, events).catch((err: unknown) => {
          console.warn(`The demo comments were not seeded (the next start tries again): ${err instanceof Error ? err.message : String(err)}`);
          return false;
        })
      : false,
  ]);
  await endDemoSessions();
  if (first.status === 'rejected') throw first.reason;
  return first.value || (more.status === 'fulfilled' && more.value) || eventsMade || messages || talk;
}

async function seedFirstContent(doc: DynamoDBDocumentClient, table: string): Promise<boolean> {
  const marker = await doc.send(new GetCommand({ TableName: table, Key: MARKER }));
  if (marker.Item) return false;
  const { userIdByEmail } = await import('../../functions/users/users');
  const { recordPendingUpload, photoKeyFor } = await import('../../functions/images/pending');
  const { isConditionFailure } = await import('../../functions/db/transact');
  const { imagesBucket, s3 } = await import('../../functions/lib/images');
  const { createPost } = await import('../../functions/posts/write');
  const { getPostItem } = await import('../../functions/posts/post-item');

  const ids = await Promise.all(DEMO_USERS.map((u) => userIdByEmail(u.email)));
  if (ids.some((id) => !id)) return false;
  const member = (i: number) => ids[i]!;
  const nowMs = Date.now();

  async function photo(userId: string, name: string, picture: PictureName): Promise<string> {
    const body = demoPicture(picture);
    const key = photoKeyFor(userId, demoId(name), 'webp');
    try {
      await recordPendingUpload(userId, key, DEMO_PICTURE_TYPE, body.length);
    } catch (err) {
      if (!isConditionFailure(err)) throw err; // recorded by a run that stopped before its post
    }
    await s3().send(new PutObjectCommand({ Bucket: imagesBucket(), Key: key, Body: body, ContentType: DEMO_PICTURE_TYPE }));
    return key;
  }

  await Promise.all([
    ...FIRST_PLANTS.map(async (p, i) => {
      const author = member(p.by);
      const id = demoId(`first:plant:${i}`);
      if (await getPostItem(id)) return; // its photo was claimed: uploading it again would hand it to the sweep
      await createPost(author, {
        id, kind: 'plant', text: '', tags: [...p.tags], privacy: 'public',
        photos: [{ key: await photo(author, `first:plant-photo:${i}`, p.picture), ...DEMO_PICTURE_SIZE, description: `${p.commonName} in its pot` }],
        plant: { commonName: p.commonName, botanicalName: p.botanicalName, availability: p.availability, careNotes: p.careNotes },
      }, { nowMs: agoMs(p.ago, nowMs) });
    }),
    ...FIRST_POSTS.map((p, i) =>
      createPost(member(p.by), { id: demoId(`first:post:${i}`), kind: 'post', text: p.text, tags: [...p.tags], photos: [], privacy: p.privacy }, { nowMs: agoMs(p.ago, nowMs) }),
    ),
  ]);
  await doc.send(new PutCommand({ TableName: table, Item: { ...MARKER, seededAt: new Date().toISOString() } }));
  return true;
}
