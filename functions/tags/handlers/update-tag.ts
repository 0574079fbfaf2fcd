/** PUT /api/iam/tags/update: an admin shapes the tag tree (label, description, parent, parent flag, interest category, children). */
import type { updateTag as route } from '../../../shared/contract/tags';
import type { Main } from '../../lib/route-types';
import { updateTag } from '../tree';

export const main: Main<typeof route> = async ({ input }) =>
  updateTag({ ...input.tagDetails, ...(input.tagGroupBody ? { children: input.tagGroupBody.children } : {}) });
