/** POST /api/iam/tags/new: the tag, created on first use (201), or the existing one as it is (200). */
import type { newTag as route } from '../../../shared/contract/tags';
import { HttpError } from '../../lib/errors';
import { reply } from '../../lib/http';
import type { Main } from '../../lib/route-types';
import { adminNow } from '../../lib/session/live';
import { createTag } from '../tags';

export const main: Main<typeof route> = async ({ input, session }) => {
  // Parent tags shape the tag tree everyone browses: admins only, holding the powers now (a member asking for one is refused, not downgraded).
  if (input.isParent && !(await adminNow(session))) throw new HttpError(403, 'forbidden', 'Only admins may make parent tags', 'isParent');
  const { tag, created } = await createTag(input.tagName, input.isParent ?? false);
  return reply(tag, { status: created ? 201 : 200 });
};
