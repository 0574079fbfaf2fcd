/** GET /api/iam/export/latest: my latest export, with a fresh 15-minute link once it is ready. */
import type { latestExport as route } from '../../../shared/contract/data-export';
import type { Main } from '../../lib/route-types';
import { latestExport } from '../exports';

export const main: Main<typeof route> = async ({ session }) => latestExport(session.userId);
