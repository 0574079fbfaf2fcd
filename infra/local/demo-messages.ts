/**
 * The demo conversations for `npm start` (never in tests), after the demo neighbourhood: Ivy asks
 * Fern about a listing (unread for Fern), Fern and Rosa arrange a swap, Daisy writes to the
 * nursery and Hazel answers as the page, Fern writes to the swap club, and in Perth Linden and
 * Wren arrange to meet. Each message is dated with the demo clock. Through the same domain
 * functions the API uses; once per database (its own marker); message ids derived from names, so
 * a run that stopped half-way finishes on the next start without sending twice. The
 * conversations are written side by side, each message after the one before.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Session } from '../../functions/lib/session/token';
import { agoMs, type Ago } from './demo-clock';
import { DEMO_NEIGHBOURS, demoId } from './demo-places';
import { demoSession } from './demo-sessions';
import { DEMO_USERS } from './seed';

const MARKER = { pk: 'seed', sk: 'demo-messages#v1' };

interface DemoConversation {
  key: string;
  /** Who starts it, and with whom: a member's e-mail, or a demo page's key. */
  from: string;
  to: { email: string } | { page: 'garden' | 'nursery' | 'swap' };
  /** The messages in order: who writes (an e-mail; a page's staff member answers as the page), what, and when. */
  messages: [email: string, text: string, ago: Ago][];
  /** Messages the recipient has read, from the start. */
  read?: number;
}

const CONVERSATIONS: readonly DemoConversation[] = [
  {
    key: 'rosa-fern', from: 'rosa@example.com', to: { email: 'fern@example.com' }, read: 3,
    messages: [
      ['rosa@example.com', 'Hi Fern! Is the string of pearls still up for a swap?', [3, 6]],
      ['fern@example.com', 'It is! Would you have a rose cutting? I have been wanting an old-fashioned one.', [3, 4]],
      ['rosa@example.com', 'I can bring an Albertine cutting, rooted since spring. Saturday at the garden?', [2, 22]],
      ['fern@example.com', 'Perfect, see you at 10. I will bring a pot for it.', [2, 21]],
    ],
  },
  {
    key: 'ivy-fern', from: 'ivy@example.com', to: { email: 'fern@example.com' },
    messages: [['ivy@example.com', 'Hello! I saw your Boston fern on the listings. Is it still free? I could swap a pothos or a tradescantia.', [0, 5]]],
  },
  {
    key: 'daisy-nursery', from: 'daisy@example.com', to: { page: 'nursery' }, read: 1,
    messages: [
      ['daisy@example.com', 'Do you stock terracotta pots in 30 cm? Mine keep cracking in the cold.', [6, 3]],
      ['hazel@example.com', 'We do, and glazed ones that cope better with frost. Pop in any weekday before 4.', [5, 23]],
    ],
  },
  {
    key: 'fern-swap', from: 'fern@example.com', to: { page: 'swap' },
    messages: [['fern@example.com', 'Hi! Can I bring seedlings to the swap, or only cuttings?', [1, 2]]],
  },
  {
    key: 'linden-wren', from: 'linden@example.com', to: { email: 'wren@example.com' }, read: 3,
    messages: [
      ['linden@example.com', 'Hi Wren, I am new in Fremantle. Would you swap a kangaroo paw division for a monstera cutting?', [8, 5]],
      ['wren@example.com', 'Welcome west! Gladly. Bring it to the seed swap and I will dig one up for you.', [8, 2]],
      ['linden@example.com', 'Deal. See you there!', [7, 23]],
    ],
  },
];

/** Seeds the demo conversations once; false when they already were (or their people are missing). */
export async function seedDemoMessages(doc: DynamoDBDocumentClient, table: string): Promise<boolean> {
  const marker = await doc.send(new GetCommand({ TableName: table, Key: MARKER }));
  if (marker.Item) return false;
  const { getUser, userIdByEmail } = await import('../../functions/users/users');
  const { getPage } = await import('../../functions/pages/pages');
  const [{ startPageConversation, startUserConversation }, { sendMessage }, { markMessagesSeen }] = await Promise.all([
    import('../../functions/messages/starting'),
    import('../../functions/messages/sending'),
    import('../../functions/messages/reading'),
  ]);

  const emails = [...DEMO_USERS.map((u) => u.email), ...DEMO_NEIGHBOURS.map((n) => n.email)];
  const sessions = new Map<string, Session>();
  await Promise.all(
    emails.map(async (email) => {
      const id = await userIdByEmail(email);
      const user = id ? await getUser(id) : null;
      if (user && !user.deletedAt && user.regState === 'complete') sessions.set(email, await demoSession(user));
    }),
  );

  const nowMs = Date.now();
  const seeded = await Promise.all(CONVERSATIONS.map(async (c): Promise<boolean> => {
    const starter = sessions.get(c.from);
    if (!starter) return false;
    let convnId: string;
    let reader: Session | undefined;
    if ('page' in c.to) {
      const pageId = demoId(`page:${c.to.page}`);
      if (!(await getPage(pageId))) return false;
      ({ convnId } = await startPageConversation(starter, starter.userId, pageId));
      reader = sessions.get(c.messages.find(([who]) => who !== c.from)?.[0] ?? '');
    } else {
      const other = sessions.get(c.to.email);
      if (!other) return false;
      ({ convnId } = await startUserConversation(starter, [starter.userId, other.userId]));
      reader = other;
    }
    const ids: string[] = [];
    for (const [i, [email, text, ago]] of c.messages.entries()) {
      const who = sessions.get(email);
      if (!who) return false;
      const id = demoId(`message:${c.key}:${i}`);
      await sendMessage(who, { id, conversation_id: convnId, content: text }, { nowMs: agoMs(ago, nowMs) });
      ids.push(id);
    }
    // The recipient has read the first `read` messages (their side marks what the other wrote).
    if (c.read && reader) await markMessagesSeen(reader, [ids[c.read - 1]!]);
    if (c.read === c.messages.length) {
      const starterIds = ids.slice(0, c.read);
      await markMessagesSeen(starter, [starterIds[starterIds.length - 1]!]);
    }
    return true;
  }));
  if (seeded.includes(false)) return false;
  await doc.send(new PutCommand({ TableName: table, Item: { ...MARKER, seededAt: new Date().toISOString() } }));
  return true;
}
