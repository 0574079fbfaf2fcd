/**
 * A member's or page's message tally (functions/db/entities/conversation.ts, `messageTally`),
 * as the writes of a conversation change it: an `ADD` of unread messages, and the conversation and
 * its other side joined to or taken out of the tally's collections. A tally made by its first
 * change gets ElectroDB's markers, so reads parse it as a messageTally.
 */
import { MESSAGE_TALLY_MODEL, messageTallyKey } from '../entities/conversation';
import type { TxItem } from '../transact';
import { updateItem } from '../write';

export interface TallyChange {
  /** The tally's owner partition (`user#<id>`, `page#<id>`). */
  ownerPk: string;
  /** Unread messages added (negative: taken off). */
  unread: number;
  /** The conversation (and its other side) joined to the collections, or taken out of them. */
  collections?: { change: 'add' | 'remove'; conversationId: string; otherType: 'user' | 'page'; otherId: string };
}

/** Whether a key is a message tally's (a changed tally is read back for the live unread count). */
export function isMessageTallyKey(key: { pk: string; sk: string }): boolean {
  return key.sk === messageTallyKey(key.pk).sk;
}

export function tallyChange({ ownerPk, unread, collections }: TallyChange): TxItem {
  const members = collections && { convs: new Set([collections.conversationId]), [collections.otherType === 'user' ? 'users' : 'pages']: new Set([collections.otherId]) };
  return updateItem({
    key: messageTallyKey(ownerPk),
    set: { __edb_e__: MESSAGE_TALLY_MODEL.entity, __edb_v__: MESSAGE_TALLY_MODEL.version, ownerPk },
    add: { unread, ...(collections?.change === 'add' ? members : {}) },
    ...(collections?.change === 'remove' ? { deleteFrom: members } : {}),
  });
}
