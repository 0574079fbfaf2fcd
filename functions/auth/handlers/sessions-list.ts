/** GET /api/iam/refresh-tokens: the user's live sessions (device, created, last used), newest use first. */
import type { sessionsList as route } from '../../../shared/contract/auth';
import type { SessionInfo } from '../../../shared/answers/auth';
import type { Main } from '../../lib/route-types';
import { listSessions } from '../sessions';

export const main: Main<typeof route> = async ({ session }): Promise<SessionInfo[]> =>
  (await listSessions(session.userId)).map((s) => ({
    id: s.familyId,
    device: s.userAgent || 'Unknown device',
    created_at: s.createdAt,
    last_used_at: s.lastUsedAt,
    current: s.familyId === session.familyId,
  }));
