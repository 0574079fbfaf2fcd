/** GET /api/health: liveness, with the server's time so clients can see clock skew. */
import type { Main } from '../lib/route-types';
import type { noInput } from '../../shared/schemas/common';

export const main: Main<typeof noInput> = async () => ({ ok: true, time: new Date().toISOString() });
