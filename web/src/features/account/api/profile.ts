/** A member's own profile: its updates (the answer is the changed profile) and deleting the account. */
import type * as z from 'zod/mini';
import type { deleteAccountInput, profileUpdateInput } from '@shared/schemas/auth';
import { api } from '@/lib/api';
import { asProfile } from '@/lib/auth/as-profile';

export const updateProfile = async (input: z.output<typeof profileUpdateInput>) => asProfile(await api.call('PUT /api/iam/authn/update', input));

export const deleteAccount = (input: z.output<typeof deleteAccountInput>) => api.call('DELETE /api/iam/authn/delete', input);
