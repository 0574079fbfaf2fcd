/**
 * GET /api/iam/search/username-page-handle/{handle}: whether a username or page handle (one
 * namespace) can be taken. A malformed or reserved handle is not available, with the reason.
 */
import * as z from 'zod/mini';
import type { usernamePageHandle as route } from '../../../shared/contract/search';
import { handle as handleSchema } from '../../../shared/schemas/common';
import type { Main } from '../../lib/route-types';
import { handleOwner } from '../../users/users';

export const main: Main<typeof route> = async ({ input }) => {
  const parsed = z.safeParse(handleSchema, input.handle);
  if (!parsed.success) return { available: false, reason: `handle ${parsed.error.issues[0]?.message ?? 'is not valid'}` };
  const owner = await handleOwner(parsed.data);
  return owner ? { available: false, reason: 'handle is taken' } : { available: true };
};
