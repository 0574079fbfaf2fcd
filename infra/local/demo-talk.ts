/**
 * The demo conversation under posts for `npm start` (never in tests), once every post exists:
 * comments and replies, and likes, each dated with the demo clock after the post it is on (and a
 * reply after its comment). Notifications older than two days are marked seen, as the members would
 * have; the recent ones wait in the bell (and, unseen, are e-mailed as they would be). Through the
 * same domain functions the API uses; once per database (its own marker); comment ids derived from
 * names, so a run that stopped half-way finishes on the next start. A post's comments and likes
 * are written one after another (they share its counters), posts side by side.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { UserItem } from '../../functions/db/entities/user';
import type { Viewer } from '../../functions/lib/session/viewer';
import { agoMs, type Ago } from './demo-clock';
import { DEMO_NEIGHBOURS, demoId, type Who } from './demo-places';
import { DEMO_USERS } from './seed';

const MARKER = { pk: 'seed', sk: 'demo-talk#v1' };
const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * A post by the name its id is made from: `first:plant:<i>` and `first:post:<i>` (demo-content.ts),
 * `plant:<i>`, `post:<i>` and `news:<page>:<i>` (demo-places.ts), `event-post:<event>` (demo-events.ts).
 */
type PostName = string;

interface DemoComment {
  on: PostName;
  by: Who;
  text: string;
  ago: Ago;
  replies?: { by: Who; text: string; ago: Ago }[];
}

/** Ten comments and five replies. */
export const COMMENTS: readonly DemoComment[] = [
  {
    on: 'first:post:0', by: 'fern', text: 'Half orchid bark, a handful of perlite and some worm castings from the garden shed.', ago: [7, 20],
    replies: [{ by: 'moss', text: 'Thank you! Off to the shed then.', ago: [7, 18] }],
  },
  { on: 'first:post:0', by: 'ivy', text: 'Same here, plus a little charcoal for the monstera.', ago: [6, 2] },
  {
    on: 'first:plant:0', by: 'moss', text: 'Would you swap a cutting for a hoya?', ago: [24, 1],
    replies: [{ by: 'fern', text: 'Happy to! Bring it to the cuttings swap.', ago: [23, 22] }],
  },
  {
    on: 'post:0', by: 'olive', text: 'A weak milk spray every week worked for me, and pick up every fallen leaf.', ago: [9, 22],
    replies: [{ by: 'rosa', text: 'I will try it this weekend, thanks Olive!', ago: [9, 19] }],
  },
  {
    on: 'post:2', by: 'rowan', text: 'Try a pothos next: just as forgiving, and it trails.', ago: [12, 20],
    replies: [{ by: 'sage', text: 'Pothos it is. Ivy has cuttings on the listings!', ago: [12, 18] }],
  },
  { on: 'post:4', by: 'fern', text: 'They look perfect. Ours are still green.', ago: [1, 22] },
  {
    on: 'post:5', by: 'clover', text: 'Gorgeous! Are those the red and green ones?', ago: [5, 20],
    replies: [{ by: 'wren', text: 'They are: Anigozanthos manglesii. I have divisions on the listings.', ago: [5, 18] }],
  },
  { on: 'post:6', by: 'wren', text: 'Welcome to the west! A few of us swap seeds and cuttings in Subiaco, come along.', ago: [19, 20] },
  { on: 'event-post:repotting', by: 'sage', text: 'Is there a waitlist? I would love a place.', ago: [2, 20] },
  { on: 'plant:12', by: 'willow', text: 'Is it still free? There is a shady gap by my pond it would love.', ago: [0, 9] },
];

/** Who liked which post, in order (29 likes). */
export const LIKES: readonly [PostName, Who[]][] = [
  ['first:post:0', ['fern', 'ivy', 'daisy']],
  ['first:plant:0', ['moss', 'rowan']],
  ['first:plant:1', ['fern', 'ivy']],
  ['post:0', ['olive', 'hazel']],
  ['post:1', ['fern', 'olive', 'sage']],
  ['post:4', ['fern', 'basil', 'clover']],
  ['post:5', ['clover', 'linden', 'hazel']],
  ['post:6', ['wren']],
  ['news:garden:0', ['moss', 'ivy', 'olive']],
  ['event-post:repotting', ['fern']],
  ['event-post:balcony-visit', ['rosa', 'basil']],
  ['event-post:perth-seed-swap', ['clover']],
];

/** Posts written at once: each post's own writes go one after another. */
const PARALLEL = 4;

/**
 * Seeds the talk once; false when it already was. Posts announcing events are talked about once
 * `events` settles (they are made with their events), the others at once.
 */
export async function seedDemoTalk(doc: DynamoDBDocumentClient, table: string, events: Promise<unknown> = Promise.resolve()): Promise<boolean> {
  const marker = await doc.send(new GetCommand({ TableName: table, Key: MARKER }));
  if (marker.Item) return false;
  const { getUser, userIdByEmail } = await import('../../functions/users/users');
  const { getPostItem } = await import('../../functions/posts/post-item');
  const { addComment } = await import('../../functions/comments/comments');
  const { react } = await import('../../functions/reactions/reactions');
  const { markSeen, notificationsOf } = await import('../../functions/notifications/notifications');
  const nowMs = Date.now();

  const emails = new Map<Who, string>([['fern', DEMO_USERS[1].email], ['moss', DEMO_USERS[2].email], ...DEMO_NEIGHBOURS.map((n) => [n.who, n.email] as const)]);
  const users = new Map<Who, UserItem>();
  await Promise.all(
    [...emails].map(async ([who, email]) => {
      const id = await userIdByEmail(email);
      const user = id ? await getUser(id) : null;
      if (user && !user.deletedAt && user.regState === 'complete' && !user.suspended) users.set(who, user);
    }),
  );
  const viewer = (who: Who): Viewer | null => {
    const user = users.get(who);
    return user ? { userId: user.uuid, admin: false, member: true, suspended: false } : null;
  };

  // Each post's comments (with their replies) and likes, one after another; at most PARALLEL posts at once.
  const names = [...new Set([...COMMENTS.map((c) => c.on), ...LIKES.map(([on]) => on)])];
  const talkOn = async (name: PostName): Promise<void> => {
    if (name.startsWith('event-post:')) await events.catch(() => undefined);
    const post = await getPostItem(demoId(name));
    if (!post || post.deletedAt) return;
    const postedMs = Date.parse(post.createdAt);
    // Never before the post (or the comment answered), never in the future.
    const when = (ago: Ago, after: number) => Math.min(nowMs - MINUTE, Math.max(after + 20 * MINUTE, agoMs(ago, nowMs)));
    for (const [i, c] of COMMENTS.entries()) {
      if (c.on !== name) continue;
      const author = viewer(c.by);
      if (!author) continue;
      const at = when(c.ago, postedMs);
      const { comment } = await addComment(author, { id: demoId(`comment:${i}`), post_id: post.id, content: c.text, level: 0 }, { nowMs: at });
      for (const [k, r] of (c.replies ?? []).entries()) {
        const replier = viewer(r.by);
        if (replier) await addComment(replier, { id: demoId(`comment:${i}:${k}`), post_id: post.id, content: r.text, parent_id: comment.id, level: 1 }, { nowMs: when(r.ago, at) });
      }
    }
    const likers = LIKES.find(([on]) => on === name)?.[1] ?? [];
    for (const [k, who] of likers.entries()) {
      const liker = viewer(who);
      // Likes come in over the day after the post, three hours apart.
      if (liker) await react(liker, post.id, undefined, { nowMs: Math.min(nowMs - MINUTE, postedMs + (k + 1) * 3 * 60 * MINUTE) });
    }
  };
  // The event posts last, so that the others are under way while the events are made.
  names.sort((a, b) => Number(a.startsWith('event-post:')) - Number(b.startsWith('event-post:')));
  for (let i = 0; i < names.length; i += PARALLEL) await Promise.all(names.slice(i, i + PARALLEL).map(talkOn));

  // What happened more than two days ago has been seen.
  await Promise.all(
    [...users.values()].map(async (user) => {
      const { items } = await notificationsOf(user.uuid, undefined);
      const old = items.filter((n) => Date.parse(n.createdAt) < nowMs - 2 * DAY).map((n) => n.id);
      if (old.length) await markSeen(user.uuid, old);
    }),
  );
  await doc.send(new PutCommand({ TableName: table, Item: { ...MARKER, seededAt: new Date().toISOString() } }));
  return true;
}
