/** GET /api/iam/tags/get-single/{type}/{data}: one tag by id or name (the id is the name), or 404. */
import type { tagSingleParams } from '../../shared/schemas/tags';
import { notFound } from '../lib/errors';
import type { Main } from '../lib/route-types';
import { findTag } from './tags';

export const main: Main<typeof tagSingleParams> = async ({ input }) => {
  const tag = await findTag(input.data);
  if (!tag) throw notFound('No such tag');
  return tag;
};
