/**
 * Demo posts and plant listings for `npm start` (never in tests), made through the same domain
 * functions the API uses: photos uploaded to the local bucket with their pending records, then
 * the posts, a comment, a reply and a like, so the feed, counts and notifications have something
 * to show on a first run.
 */
import { randomUUID } from 'node:crypto';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { DEMO_USERS } from './seed';
import { gradientPng } from './demo-images';
import { seedDemoEvents } from './demo-events';
import { seedDemoMessages } from './demo-messages';
import { endDemoSessions } from './demo-sessions';
import { seedDemoPlaces } from './demo-places';

const MARKER = { pk: 'seed', sk: 'demo-content#v1' };

const PLANTS = [
  { by: 1, commonName: 'string of pearls', botanicalName: 'Curio rowleyanus', availability: 'Available to swap', careNotes: 'Bright indirect light; let it dry out between waterings.', hue: 0, tags: ['succulents', 'trailing'] },
  { by: 2, commonName: 'monstera', botanicalName: 'Monstera deliciosa', availability: 'Free to a good home', careNotes: 'Cuttings rooted in water, ready to pot.', hue: 70, tags: ['aroids', 'cuttings'] },
  { by: 1, commonName: 'maidenhair fern', botanicalName: 'Adiantum raddianum', availability: 'Not available', careNotes: 'Keep moist and out of draughts.', hue: 140, tags: ['ferns'] },
] as const;

const POSTS = [
  { by: 2, text: 'First warm weekend of spring: repotted everything on the balcony. Which mix do you use for aroids?', privacy: 'public', tags: ['aroids', 'repotting'] },
  { by: 1, text: 'Swap meet at the community garden next Saturday, members welcome. Bring cuttings!', privacy: 'members', tags: ['swap meet'] },
] as const;

/**
 * The demo content: the first posts and listings below and the demo neighbourhood
 * (demo-places.ts: more members, pages, listings), side by side (neither needs the other), then
 * the demo events (demo-events.ts: they need the neighbourhood's pages) and conversations
 * (demo-messages.ts), each
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
  // Events need the neighbourhood's members and pages.
  const events = more.status === 'fulfilled' ? await seedDemoEvents(doc, table).catch((err: unknown) => {
    console.warn(`The demo events were not seeded (the next start tries again): ${err instanceof Error ? err.message : String(err)}`);
    return false;
  }) : false;
  // Conversations need the neighbourhood's members and pages too.
  const messages = more.status === 'fulfilled' ? await seedDemoMessages(doc, table).catch((err: unknown) => {
    console.warn(`The demo conversations were not seeded (the next start tries again): ${err instanceof Error ? err.message : String(err)}`);
    return false;
  }) : false;
  await endDemoSessions();
  if (first.status === 'rejected') throw first.reason;
  return first.value || (more.status === 'fulfilled' && more.value) || events || messages;
}

async function seedFirstContent(doc: DynamoDBDocumentClient, table: string): Promise<boolean> {
  const marker = await doc.send(new GetCommand({ TableName: table, Key: MARKER }));
  if (marker.Item) return false;
  const { userIdByEmail } = await import('../../functions/users/users');
  const { recordPendingUpload, photoKeyFor } = await import('../../functions/images/pending');
  const { imagesBucket, s3 } = await import('../../functions/lib/images');
  const { createPost } = await import('../../functions/posts/write');
  const { addComment } = await import('../../functions/comments/comments');
  const { react } = await import('../../functions/reactions/reactions');

  const ids = await Promise.all(DEMO_USERS.map((u) => userIdByEmail(u.email)));
  if (ids.some((id) => !id)) return false;
  const member = (i: number) => ids[i]!;

  async function photo(userId: string, hue: number): Promise<string> {
    const body = gradientPng(480, 360, hue);
    const key = photoKeyFor(userId, randomUUID(), 'png');
    await recordPendingUpload(userId, key, 'image/png', body.length);
    await s3().send(new PutObjectCommand({ Bucket: imagesBucket(), Key: key, Body: body, ContentType: 'image/png' }));
    return key;
  }

  const made: string[] = [];
  for (const p of PLANTS) {
    const author = member(p.by);
    const { post } = await createPost(author, {
      id: randomUUID(), kind: 'plant', text: '', tags: [...p.tags], privacy: 'public',
      photos: [{ key: await photo(author, p.hue), description: `${p.commonName} in its pot` }],
      plant: { commonName: p.commonName, botanicalName: p.botanicalName, availability: p.availability, careNotes: p.careNotes },
    });
    made.push(post.id);
  }
  for (const p of POSTS) {
    const { post } = await createPost(member(p.by), { id: randomUUID(), kind: 'post', text: p.text, tags: [...p.tags], photos: [], privacy: p.privacy });
    made.push(post.id);
  }
  const fern = { userId: member(1), admin: false, member: true, suspended: false };
  const moss = { userId: member(2), admin: false, member: true, suspended: false };
  const { comment } = await addComment(moss, { id: randomUUID(), post_id: made[0]!, content: 'Would you swap a cutting for a hoya?', level: 0 });
  await addComment(fern, { id: randomUUID(), post_id: made[0]!, content: 'Happy to! Bring it to the swap meet.', parent_id: comment.id, level: 1 });
  await react(moss, made[0]!, undefined);
  await react(fern, made[3]!, undefined);

  await doc.send(new PutCommand({ TableName: table, Item: { ...MARKER, seededAt: new Date().toISOString() } }));
  return true;
}
