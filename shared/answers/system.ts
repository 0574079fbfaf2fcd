/** What the system routes answer (the `data` of the success envelope). */
import * as z from 'zod';

/** Liveness, with the server's clock. */
export const health = z.strictObject({
  ok: z.literal(true),
  time: z.string().describe('The server time (ISO 8601), to see clock skew'),
});
export type Health = z.output<typeof health>;
