/** GET /api/iam/tags/get-single/{type}/{data}: one tag by id or name (the id is the name), or 404. */
import type { getSingle as route } from '../../../shared/contract/tags';
import { notFound } from '../../lib/errors';
import type { Main } from '../../lib/route-types';
import { findTag } from '../tags';

export const main: Main<typeof route> = async ({ input }) => {
  const tag = await findTag(input.data);
  if (!tag) throw notFound('No such tag');
  return tag;
};
