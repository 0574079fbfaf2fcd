/** GET /api/health: liveness, with the server's time so clients can see clock skew. */
import type { health as route } from '../../../shared/contract/system';
import type { Main } from '../../lib/route-types';

export const main: Main<typeof route> = async () => ({ ok: true, time: new Date().toISOString() });
