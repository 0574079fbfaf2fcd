/** GET /api/iam/wanted/mine: my wanted entries, newest first. */
import type { myWanted as route } from '../../../shared/contract/wanted';
import type { Main } from '../../lib/route-types';
import { myWanted, wantedViewOf } from '../wanted';

export const main: Main<typeof route> = async ({ session }) => ({ wanted: (await myWanted(session.userId)).map(wantedViewOf) });
