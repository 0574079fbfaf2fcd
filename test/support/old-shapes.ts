/**
 * Items put back into the shape an older version wrote, for the tests of the jobs that move them
 * on (migrate-owner-kinds): written straight to the table the process's environment names (the
 * shared test host's, or a file's own host's).
 */
import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';

type Item = Record<string, unknown>;

async function table() {
  const { documentClient, tableName } = await import('../../functions/db/client');
  return { doc: documentClient(), TableName: tableName() };
}
const put = async (Item: Item) => {
  const { doc, TableName } = await table();
  await doc.send(new PutCommand({ TableName, Item }));
};
const get = async (pk: string, sk: string) => {
  const { doc, TableName } = await table();
  return (await doc.send(new GetCommand({ TableName, Key: { pk, sk }, ConsistentRead: true }))).Item;
};
async function partition(pk: string): Promise<Item[]> {
  const { doc, TableName } = await table();
  const items: Item[] = [];
  let start: Item | undefined;
  do {
    const out: QueryCommandOutput = await doc.send(new QueryCommand({ TableName, ConsistentRead: true, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ...(start ? { ExclusiveStartKey: start } : {}) }));
    items.push(...(out.Items ?? []));
    start = out.LastEvaluatedKey;
  } while (start);
  return items;
}

/** A conversation's id as a version before the owner kinds made it: from the two bare ids. */
export function oldConversationIdOf(x: string, y: string): string {
  const [a, b] = [x.toLowerCase(), y.toLowerCase()].sort();
  const h = createHash('sha256').update(`${a}|${b}`).digest('hex');
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Moves a member-to-member conversation back under its old id: its items, the old participant
 * keys, its messages' claims, and a tally's set of unread conversations where one still holds it.
 * Answers the old id.
 */
export async function oldConversation(id: string): Promise<string> {
  const { doc, TableName } = await table();
  const items = await partition(`conv#${id}`);
  const conv = items.find((i) => i.sk === 'conv')!;
  const old = oldConversationIdOf(...(conv.participantIds as [string, string]));
  for (const item of items) {
    const o: Item = { ...item, pk: `conv#${old}` };
    if (item.sk === 'conv') o.id = old;
    if (String(item.sk).startsWith('msg#')) {
      o.conversationId = old;
      await put({ ...(await get(`msgid#${String(item.id)}`, 'msgid'))!, conversationId: old });
    }
    if (String(item.sk).startsWith('part#')) {
      const pid = String(item.participantId);
      Object.assign(o, { conversationId: old, sk: `part#${pid}`, gsi2pk: `convsof#${pid}`, gsi2sk: old });
      if (item.gsi1pk) Object.assign(o, { gsi1pk: `inbox#${pid}`, gsi1sk: `${String(item.lastMessageAt)}#${old}` });
      const tally = await get(`${String(item.participantType)}#${pid}`, 'msg-tally');
      const convs = tally?.convs as Set<string> | undefined;
      if (tally && convs?.has(id)) await put({ ...tally, convs: new Set([...convs].filter((c) => c !== id).concat(old)) });
    }
    await put(o);
    await doc.send(new DeleteCommand({ TableName, Key: { pk: item.pk, sk: item.sk } }));
  }
  return old;
}
