/**
 * An admin's change of a user: names, suspension, admin role (PUT /api/iam/users/{uuid}, and the
 * moderation queue's suspend-user action). Suspending or demoting someone revokes every session
 * family they hold: refreshes fail at once, admin and sensitive routes refuse at once (they check
 * the family and, for admins, the account itself), and every other route when the access token in
 * hand expires (within 15 minutes).
 */
import type { AdminUserUpdateInput } from '../../shared/schemas/users';
import { toTitleCase } from '../../shared/format';
import type { UserItem } from '../db/entities/user';
import { isConfiguredAdmin } from '../lib/admins';
import { badRequest, notFound } from '../lib/errors';
import { revokeAllSessions } from './sessions';
import { getUser, saveUser } from '../users/users';

export async function adminUpdateUser(actorId: string, input: AdminUserUpdateInput, field = (name: string) => name): Promise<UserItem> {
  const user = await getUser(input.uuid);
  if (!user) throw notFound('No such user');
  if (input.is_admin === false && isConfiguredAdmin(user.email)) {
    throw badRequest('is_admin cannot be removed here: this admin is named in ADMIN_EMAILS', field('is_admin'));
  }
  if (user.uuid === actorId && (input.suspended === true || input.is_admin === false)) {
    throw badRequest('You cannot suspend or demote yourself; ask another admin', field(input.suspended === true ? 'suspended' : 'is_admin'));
  }
  const saved = await saveUser({
    ...user,
    ...(input.first_name !== undefined ? { firstName: toTitleCase(input.first_name) } : {}),
    ...(input.last_name !== undefined ? { lastName: toTitleCase(input.last_name) } : {}),
    ...(input.suspended !== undefined ? { suspended: input.suspended } : {}),
    ...(input.is_admin !== undefined ? { role: input.is_admin ? ('admin' as const) : ('user' as const) } : {}),
  });
  const losesPowers = (input.suspended === true && !user.suspended) || (input.is_admin === false && user.role === 'admin');
  if (losesPowers) await revokeAllSessions(saved.uuid);
  return saved;
}
