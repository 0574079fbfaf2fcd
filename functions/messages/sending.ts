/**
 * Sending: the message, its id's claim, the sender's inbox row, and the recipient's row (unread +1,
 * back in the inbox) and tally (+1, and the conversation and the sender in its unread collections,
 * unless muted), in one transaction.
 */
import { batchGet } from '../db/batch';
import { and, eq, exists } from '../db/condition';
import { blockKey, conversationKey, inboxPlace, messageClaimKey, participantKey, unreadPlace, type ConversationItem, type MessageItem, type ParticipantItem, type ParticipantType } from '../db/entities/conversation';
import type { OwnerRef } from '../db/entities/owner';
import { db } from '../db/service';
import { failedChecks, named, txEntities, writeItems, type TxItem } from '../db/transact';
import { updateItem } from '../db/write';
import { badRequest, conflict, forbidden, notFound, serviceUnavailable } from '../lib/errors';
import { hitRateLimit } from '../lib/rate-limit';
import { mailWait } from '../notifications/mail-wait';
import type { Session } from '../lib/session/token';
import { roleCheck, roleLost } from '../pages/pages';
import { assertAuthorWasLive, authorLiveCheck } from '../users/author-live';
import { previewOf, sideIn, sideRef, type Side } from './conversations';
import { ATTEMPTS, pageLiveCheck, tallyUpdate } from './participant-writes';
import { PHOTO_CLAIMED, type StoredPhoto } from './photos';

/** An inbox row's preview of a message of photos alone. */
const photosPreview = (count: number) => (count === 1 ? 'Photo' : count > 1 ? `${count} photos` : '');

function otherOf(conv: ConversationItem, side: Side): { id: string; type: ParticipantType } {
  if (conv.convType === 'tomypage') return side.type === 'page' ? { id: conv.userId!, type: 'user' } : { id: conv.pageId!, type: 'page' };
  return { id: conv.participantIds.find((p) => p !== side.participantId)!, type: 'user' };
}

async function claimedMessage(session: Session, id: string, conversationId: string): Promise<MessageItem | null> {
  const { data: claim } = await db().entities.messageClaim.get({ id }).go({ consistent: true });
  if (!claim) return null;
  if (claim.senderId !== session.userId || claim.conversationId !== conversationId) throw conflict('This message id is already taken; send with a new id', 'id');
  const { data } = await db().entities.message.get({ conversationId, sentMs: claim.sentMs, id }).go({ consistent: true });
  return (data as MessageItem | null) ?? null;
}

function inboxPlacement(
  conversationId: string,
  participant: OwnerRef,
  at: string,
  preview: string,
  senderId: string,
  extra: { unreadBy?: number; guardMuted?: boolean; filed?: boolean },
): TxItem {
  // With a message unread and not muted, in the unread index: filed unless it was when read (then
  // guarded on still being so, as a read that takes it out meanwhile makes the send read again).
  // Setting the keys again would cost the index a write of its own.
  const toFile = !!extra.unreadBy && extra.guardMuted === false;
  return updateItem({
    key: participantKey(conversationId, participant),
    // Back in the inbox index, at the top.
    set: {
      lastMessageAt: at, lastPreview: preview, lastSenderId: senderId, hidden: false, ...inboxPlace(participant, at, conversationId),
      ...(toFile && !extra.filed ? unreadPlace({ participantType: participant.type, participantId: participant.id, conversationId }) : {}),
    },
    ...(extra.unreadBy ? { add: { unread: extra.unreadBy } } : {}),
    condition: and(exists(), extra.guardMuted !== undefined ? eq('muted', extra.guardMuted) : undefined, toFile && extra.filed ? exists('gsi3pk') : undefined),
  });
}

/**
 * POST messages/new. The sender's own row moves to the top of their inbox (their own messages
 * never count as unread; their read mark is left to mark-as-seen). When the recipient
 * blocks the sender the answer is the same, but the message is withheld: stored for the sender's
 * own view only, counted nowhere, delivered to no one else. `nowMs` (the demo seed's clock) dates
 * the message; the present by default.
 */
/** The claims of a message's photos (functions/messages/photos.ts `claimMessagePhotos`), handed in by the route that takes photos. */
export type ClaimPhotos = (ids: string[]) => Promise<{ photos: StoredPhoto[]; items: TxItem[] }>;

export async function sendMessage(
  session: Session,
  input: { id: string; conversation_id: string; content: string; photos?: string[] },
  { nowMs: at, claimPhotos }: { nowMs?: number; claimPhotos?: ClaimPhotos } = {},
): Promise<{ message: MessageItem; created: boolean }> {
  // One strongly consistent BatchGet for the conversation and the id's claim.
  const first = await batchGet([conversationKey(input.conversation_id), messageClaimKey(input.id)], { consistent: true });
  const convItem = first.find((i) => i.sk === 'conv');
  const claimItem = first.find((i) => i.sk === 'msgid');
  const conv = convItem ? (db().entities.conversation.parse({ Item: convItem }).data as ConversationItem) : null;
  const side = await sideIn(conv, session);
  if (claimItem) {
    const again = await claimedMessage(session, input.id, conv!.id);
    if (again) return { message: again, created: false };
  }
  await hitRateLimit('MESSAGE_USER', session.userId);
  // The photos are read back once; their claims go into each attempt's transaction.
  if (input.photos?.length && !claimPhotos) throw badRequest('Photos cannot be sent here', 'photos');
  const photos = input.photos?.length && claimPhotos ? await claimPhotos(input.photos) : null;
  return deliverMessage(session, conv!, side, input, photos, at);
}

async function deliverMessage(
  session: Session,
  conv: ConversationItem,
  side: Side,
  input: { id: string; content: string },
  photos: { photos: StoredPhoto[]; items: TxItem[] } | null,
  at?: number,
): Promise<{ message: MessageItem; created: boolean }> {
  const other = otherOf(conv, side);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    // The recipient's side and, between two members, the blocks either way: one BatchGet.
    // A staff member answering as a page is withheld from a member who blocks them too.
    const memberToMember = conv.convType === 'user-to-user';
    const toBlocker = memberToMember || !!side.asPageId;
    const keys = [
      participantKey(conv.id, other),
      ...(memberToMember ? [blockKey(session.userId, other.id)] : []),
      ...(toBlocker ? [blockKey(other.id, session.userId)] : []),
    ];
    const found = await batchGet(keys, { consistent: true });
    const has = (k: { pk: string; sk: string }) => found.find((i) => i.pk === k.pk && i.sk === k.sk);
    if (memberToMember && has(blockKey(session.userId, other.id))) throw forbidden('You block this member: unblock them to write to them');
    const withheld = toBlocker && !!has(blockKey(other.id, session.userId));
    const recipientItem = has(participantKey(conv.id, other));
    if (!recipientItem) throw notFound('There is no such conversation', 'conversation_id');
    const recipient = withheld ? null : (db().entities.conversationParticipant.parse({ Item: recipientItem }).data as ParticipantItem);
    const nowMs = at ?? Date.now();
    const sentMs = String(nowMs).padStart(13, '0');
    const createdAt = new Date(nowMs).toISOString();
    const preview = previewOf(input.content) || photosPreview(photos?.photos.length ?? 0);
    const message = {
      conversationId: conv.id, id: input.id, sentMs, senderId: session.userId, content: input.content, createdAt,
      ...(side.asPageId ? { asPageId: side.asPageId } : {}),
      ...(withheld ? { withheld: true } : {}),
      ...(photos ? { photos: photos.photos } : {}),
    };
    const { message: messageEntity, messageClaim } = txEntities();
    const items: TxItem[] = [
      named('message-id-free', messageClaim.create({ id: input.id, conversationId: conv.id, senderId: session.userId, sentMs }).commit()),
      messageEntity.create(message).commit(),
      authorLiveCheck(session.userId),
      named('sender-in-conversation', inboxPlacement(conv.id, sideRef(side), createdAt, preview, session.userId, {})),
      ...(photos?.items ?? []),
    ];
    if (recipient) {
      items.push(inboxPlacement(conv.id, { type: recipient.participantType, id: recipient.participantId }, createdAt, preview, session.userId, { unreadBy: 1, guardMuted: recipient.muted, filed: typeof recipientItem.gsi3pk === 'string' }));
      if (!recipient.muted) {
        items.push(tallyUpdate(recipient, 1));
        // Unread after the delay, it is mailed (muting and blocks are judged again when the mail goes out).
        items.push(mailWait({ kind: 'conv', id: conv.id }, { type: recipient.participantType, id: recipient.participantId }, `${sentMs}#${input.id}`, nowMs));
      }
    }
    // Writing as the page: the sender's staff role, so a demotion that lands first cancels it.
    if (side.asPageId) items.push(...roleCheck(side.asPageId, { userId: session.userId, siteAdmin: false, membership: null, role: null }, 'moderator'));
    else if (conv.convType === 'tomypage' && conv.pageId) items.push(named('page-live', pageLiveCheck(conv.pageId)));
    const out = await writeItems(items);
    if (!out.canceled) return { message: message as MessageItem, created: true };
    const failed = failedChecks(out, items);
    if (failed.has('message-id-free')) {
      const same = await claimedMessage(session, input.id, conv.id);
      if (same) return { message: same, created: false };
    }
    await assertAuthorWasLive(out, items, session.userId);
    if (failed.has(PHOTO_CLAIMED)) throw badRequest('A photo was used by another message or has expired; attach it again', 'photos');
    if (failed.has('sender-in-conversation')) throw notFound('There is no such conversation', 'conversation_id');
    if (side.asPageId && roleLost(out, items)) throw notFound('There is no such conversation', 'conversation_id');
    if (!side.asPageId && conv.convType === 'tomypage' && failed.has('page-live')) throw notFound('This page no longer exists', 'conversation_id');
    // The recipient muted, unmuted or left meanwhile: read again.
  }
  throw serviceUnavailable('The conversation changed meanwhile; please try again');
}
