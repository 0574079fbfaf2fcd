/** PUT /api/iam/admin/update/site-setting: an admin creates or changes one setting. */
import type { updateSiteSetting as route } from '../../../shared/contract/admin';
import type { Main } from '../../lib/route-types';
import { putSiteSetting } from '../../site-settings/settings';
import { checkSmsSetting } from '../../users/phone-limits';

export const main: Main<typeof route> = async ({ input }) => {
  checkSmsSetting(input);
  const saved = await putSiteSetting(input);
  return { name: saved.name, value: saved.value, dataType: saved.dataType, isPublic: saved.isPublic, updatedAt: saved.updatedAt };
};
