/**
 * The sessions the demo seeding acts with: real session families (a page's powers, for one, end
 * with the session, so they need a live one), started when a member is first needed and revoked
 * when the seeding ends, so no member's list of sessions shows them.
 */
import type { UserItem } from '../../functions/db/entities/user';
import type { Session } from '../../functions/lib/session/token';

const started = new Map<string, Promise<Session>>();

/** The member's demo session, started once even when parts of the seed ask for it at the same time. */
export function demoSession(user: UserItem): Promise<Session> {
  let known = started.get(user.uuid);
  if (!known) {
    known = import('../../functions/auth/sessions').then(async ({ startSession }) => (await startSession(user, 'Demo seeding')).session);
    started.set(user.uuid, known);
    known.catch(() => started.delete(user.uuid));
  }
  return known;
}

export async function endDemoSessions(): Promise<void> {
  const { revokeFamily } = await import('../../functions/auth/sessions');
  const sessions = await Promise.allSettled([...started.values()]);
  started.clear();
  await Promise.all(sessions.flatMap((s) => (s.status === 'fulfilled' ? [revokeFamily(s.value.userId, s.value.familyId)] : [])));
}
