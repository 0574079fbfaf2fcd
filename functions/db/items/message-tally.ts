/**
 * A member's or page's message tally (functions/db/entities/conversation.ts, `messageTally`),
 * as the writes of a conversation change it: an `ADD` of unread messages (the unread
 * conversations themselves are the participant items' unread index, M5b). A tally made by its
 * first change gets ElectroDB's markers, so reads parse it as a messageTally.
 */
import { MESSAGE_TALLY_MODEL, messageTallyKey } from '../entities/conversation';
import type { TxItem } from '../transact';
import { updateItem } from '../write';

export interface TallyChange {
  /** The tally's owner partition (`user#<id>`, `page#<id>`). */
  ownerPk: string;
  /** Unread messages added (negative: taken off). */
  unread: number;
}

/** Whether a key is a message tally's (a changed tally is read back for the live unread count). */
export function isMessageTallyKey(key: { pk: string; sk: string }): boolean {
  return key.sk === messageTallyKey(key.pk).sk;
}

export function tallyChange({ ownerPk, unread }: TallyChange): TxItem {
  return updateItem({
    key: messageTallyKey(ownerPk),
    set: { __edb_e__: MESSAGE_TALLY_MODEL.entity, __edb_v__: MESSAGE_TALLY_MODEL.version, ownerPk },
    add: { unread },
  });
}
