/**
 * The sessions the demo seeding acts with: real session families (a page's powers, for one, end
 * with the session, so they need a live one), started when a member is first needed and revoked
 * when the seeding ends, so no member's list of sessions shows them.
 */
import type { UserItem } from '../../functions/db/entities/user';
import type { Session } from '../../functions/lib/session/token';

const started = new Map<string, Session>();

export async function demoSession(user: UserItem): Promise<Session> {
  const known = started.get(user.uuid);
  if (known) return known;
  const { startSession } = await import('../../functions/auth/sessions');
  const { session } = await startSession(user, 'Demo seeding');
  started.set(user.uuid, session);
  return session;
}

export async function endDemoSessions(): Promise<void> {
  const { revokeFamily } = await import('../../functions/auth/sessions');
  const sessions = [...started.values()];
  started.clear();
  await Promise.all(sessions.map((s) => revokeFamily(s.userId, s.familyId)));
}
