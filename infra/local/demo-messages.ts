/**
 * The demo conversations for `npm start` (never in tests), after the demo neighbourhood: Ivy asks
 * Fern about a listing (unread for Fern), Fern and Rosa arrange a swap, Daisy writes to the
 * nursery and Hazel answers as the page, and Fern writes to the swap club. Through the same
 * domain functions the API uses; once per database (its own marker); message ids derived from
 * names, so a run that stopped half-way finishes on the next start without sending twice.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Session } from '../../functions/lib/session/token';
import { DEMO_NEIGHBOURS, demoId } from './demo-places';
import { demoSession } from './demo-sessions';
import { DEMO_USERS } from './seed';

const MARKER = { pk: 'seed', sk: 'demo-messages#v1' };

interface DemoConversation {
  key: string;
  /** Who starts it, and with whom: a member's e-mail, or a demo page's key. */
  from: string;
  to: { email: string } | { page: 'garden' | 'nursery' | 'swap' };
  /** The messages in order: who writes (an e-mail; a page's staff member answers as the page), and what. */
  messages: [email: string, text: string][];
  /** Messages the recipient has read, from the start. */
  read?: number;
}

const CONVERSATIONS: readonly DemoConversation[] = [
  {
    key: 'rosa-fern', from: 'rosa@example.com', to: { email: 'fern@example.com' }, read: 3,
    messages: [
      ['rosa@example.com', 'Hi Fern! Is the string of pearls still up for a swap?'],
      ['fern@example.com', 'It is! Would you have a rose cutting? I have been wanting an old-fashioned one.'],
      ['rosa@example.com', 'I can bring an Albertine cutting, rooted since spring. Saturday at the garden?'],
      ['fern@example.com', 'Perfect, see you at 10. I will bring a pot for it.'],
    ],
  },
  {
    key: 'ivy-fern', from: 'ivy@example.com', to: { email: 'fern@example.com' },
    messages: [['ivy@example.com', 'Hello! I saw your monstera cutting on the listings. Is it rooted yet? I could swap a pothos or a tradescantia.']],
  },
  {
    key: 'daisy-nursery', from: 'daisy@example.com', to: { page: 'nursery' }, read: 1,
    messages: [
      ['daisy@example.com', 'Do you stock terracotta pots in 30 cm? Mine keep cracking in the cold.'],
      ['hazel@example.com', 'We do, and glazed ones that cope better with frost. Pop in any weekday before 4.'],
    ],
  },
  {
    key: 'fern-swap', from: 'fern@example.com', to: { page: 'swap' },
    messages: [['fern@example.com', 'Hi! Can I bring seedlings to the Sunday swap, or only cuttings?']],
  },
];

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
  for (const email of emails) {
    const id = await userIdByEmail(email);
    const user = id ? await getUser(id) : null;
    if (user && !user.deletedAt && user.regState === 'complete') sessions.set(email, await demoSession(user));
  }

  for (const c of CONVERSATIONS) {
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
    for (const [i, [email, text]] of c.messages.entries()) {
      const who = sessions.get(email);
      if (!who) return false;
      const id = demoId(`message:${c.key}:${i}`);
      await sendMessage(who, { id, conversation_id: convnId, content: text });
      ids.push(id);
    }
    // The recipient has read the first `read` messages (their side marks what the other wrote).
    if (c.read && reader) await markMessagesSeen(reader, [ids[c.read - 1]!]);
    if (c.read === c.messages.length) {
      const starterIds = ids.slice(0, c.read);
      await markMessagesSeen(starter, [starterIds[starterIds.length - 1]!]);
    }
  }
  await doc.send(new PutCommand({ TableName: table, Item: { ...MARKER, seededAt: new Date().toISOString() } }));
  return true;
}
