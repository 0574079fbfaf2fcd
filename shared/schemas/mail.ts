/** Inputs of the mail routes: the one-click unsubscribe (RFC 8058). */
import * as z from 'zod/mini';
import './locale';

/**
 * The token from the path, and the body a mail client posts (`List-Unsubscribe=One-Click`, read
 * from a form body) or nothing. The token is any text: one that is not ours answers 404, never
 * 400, so its form cannot be probed.
 */
export const unsubscribeInput = z.strictObject({
  token: z.string({ message: 'must be text' }),
  'List-Unsubscribe': z.optional(z.literal('One-Click', { message: 'must be One-Click' })),
});
