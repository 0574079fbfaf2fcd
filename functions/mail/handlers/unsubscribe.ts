/**
 * POST /api/unsubscribe/{token}: RFC 8058 one-click unsubscribe. The setting the token names is
 * off (200, idempotent); a token that is not ours answers 404, never 400, so nothing can be probed.
 */
import type { unsubscribe as route } from '../../../shared/contract/mail';
import { notFound } from '../../lib/errors';
import type { Main } from '../../lib/route-types';
import { unsubscribe } from '../opt-out';

export const main: Main<typeof route> = async ({ input }) => {
  const done = await unsubscribe(input.token);
  if (!done) throw notFound('This unsubscribe link is not valid');
  return { setting: done.setting, off: true };
};
