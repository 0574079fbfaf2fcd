/** POST /api/iam/export/new: starts an export of everything I own (one a day). */
import type { newExport as route } from '../../../shared/contract/data-export';
import type { Main } from '../../lib/route-types';
import { startExport } from '../exports';

export const main: Main<typeof route> = async ({ session }) => startExport(session.userId);
