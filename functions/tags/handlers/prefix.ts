/** GET /api/iam/tags/prefix/{prefix}/{flag}: autocomplete, up to 20 tags by name; flag true = parent tags only. */
import type { prefix as route } from '../../../shared/contract/tags';
import type { Main } from '../../lib/route-types';
import { tagsByPrefix } from '../tags';

export const main: Main<typeof route> = async ({ input }) => ({ tags: await tagsByPrefix(input.prefix, input.flag) });
