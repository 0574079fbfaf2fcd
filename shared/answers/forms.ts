/** What the forms routes answer (the `data` of the success envelope). */
import * as z from 'zod';
import { FORM_KINDS } from '../schemas/forms';

/** A form sent to the admins (the same answer for a retry with the same id). */
export const formReceipt = z.strictObject({
  id: z.string().describe('The client id the form was sent with'),
  kind: z.enum(FORM_KINDS),
  createdAt: z.string(),
});
export type FormReceipt = z.output<typeof formReceipt>;

/** What a member may send now: each kind's field limits, and how many forms the hour still allows. */
export const formRules = z.strictObject({
  kinds: z.array(z.strictObject({
    kind: z.enum(FORM_KINDS),
    subject: z.strictObject({ min: z.number().int(), max: z.number().int() }),
    message: z.strictObject({ min: z.number().int(), max: z.number().int() }),
    targetPath: z.strictObject({ required: z.boolean(), max: z.number().int() }).describe('The path on this site a report is about (/post/<id>, /<handle>, /event/<id>…)'),
  })),
  canSend: z.boolean().describe('false while the member is past the form limit, or may not send (registration not complete, suspended)'),
  left: z.number().int().describe('Forms the member may still send in this window'),
  resetsInSeconds: z.number().int().describe('When the window ends'),
});
export type FormRules = z.output<typeof formRules>;
