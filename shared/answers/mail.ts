/** What the mail routes answer (the `data` of the success envelope). */
import * as z from 'zod';
import { MAIL_SETTINGS } from '../constants';

/** An unsubscribe: the setting the token names, now off. */
export const unsubscribed = z.strictObject({
  setting: z.enum(MAIL_SETTINGS).describe('The setting the token names (notify_email_messages, notify_email_comments, notify_email_events, notify_email_announcements or notify_email_wanted)'),
  off: z.literal(true).describe('The setting is off (it may have been off already; a deleted account has nothing left to send)'),
});
export type Unsubscribed = z.output<typeof unsubscribed>;
