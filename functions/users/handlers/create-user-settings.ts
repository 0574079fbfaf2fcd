/** POST /api/iam/users/create-user-settings: stores the default settings (201), or answers the existing ones (200). */
import type { createUserSettings as route } from '../../../shared/contract/users';
import { unauthorized } from '../../lib/errors';
import { reply } from '../../lib/http';
import type { Main } from '../../lib/route-types';
import { createSettings } from '../settings-store';
import { getUser } from '../users';

export const main: Main<typeof route> = async ({ session }) => {
  if (!(await getUser(session.userId))) throw unauthorized('Your account no longer exists');
  const { settings, created } = await createSettings(session.userId);
  return reply(settings, { status: created ? 201 : 200 });
};
