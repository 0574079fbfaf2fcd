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
