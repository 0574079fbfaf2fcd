/** GET /api/iam/events/my-pages: the upcoming dates of the pages the caller belongs to, soonest first. */
import type { myPagesDates as route } from '../../../shared/contract/events';
import type { Main } from '../../lib/route-types';
import { viewerOf } from '../../lib/session/viewer';
import { pagesDates } from '../lists';

export const main: Main<typeof route> = async ({ session }) => ({ dates: await pagesDates(session.userId, await viewerOf(session)) });
