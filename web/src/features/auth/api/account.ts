/**
 * The account calls of the auth and users routes (shared/contract): signup, e-mail verification, password reset,
 * registration and phone verification (a member's own profile
 * updates and deletion are in features/account/api/profile.ts). Inputs are the shared schemas'
 * outputs; answers are what the routes return in `data`.
 */
import type * as z from 'zod/mini';
import type { emailOnlyInput, passwordResetInput, registerInput, signupInput, tokenInput, verifyEmailTokenInput } from '@shared/schemas/auth';
import type { phoneCheckInput, phoneConfirmInput } from '@shared/schemas/users';
import { api, ApiError } from '@/lib/api';
import { asProfile } from '@/lib/auth/as-profile';

type In<S extends z.core.$ZodType> = z.output<S>;

// Guests' calls: a 401 here is an answer, not an expired session.
const asGuest = { refreshOn401: false, endSessionOn401: false } as const;

/** The same answer whether or not the address is known. */
export const signup = (input: In<typeof signupInput>) => api.call('POST /api/iam/authn/signup', input, asGuest);

export const resendVerification = (input: In<typeof emailOnlyInput>) => api.call('POST /api/iam/authn/verifyemail', input, asGuest);

/** Verified and signed in, as login: the answer is the profile (with csrf_token). */
export const verifyEmailToken = async (input: In<typeof verifyEmailTokenInput>) => asProfile(await api.call('POST /api/iam/authn/verifyemailtoken', input, asGuest));

/** The same answer whether or not the address exists. */
export const requestPasswordReset = (input: In<typeof emailOnlyInput>) => api.call('POST /api/iam/authn/reset', input, asGuest);

export const checkResetToken = (input: In<typeof tokenInput>, signal?: AbortSignal) =>
  api.call('POST /api/iam/pwreset/verify', input, { ...asGuest, signal });

export const setNewPassword = (input: In<typeof passwordResetInput>) => api.call('PUT /api/iam/pwreset/update', input, asGuest);

export const register = async (input: In<typeof registerInput>) => asProfile(await api.call('POST /api/iam/authn/register', input));

export const startPhoneCheck = (input: In<typeof phoneCheckInput>) => api.call('POST /api/iam/authn/init-phone-and-check', input);

export const confirmPhone = (input: In<typeof phoneConfirmInput>) => api.call('PUT /api/iam/authn/confirm-phone-and-record', input);

/** Whether a username (or page handle) is free; null when the search route is not there (yet). */
export async function usernameAvailability(handle: string, signal?: AbortSignal): Promise<boolean | null> {
  try {
    return (await api.call('GET /api/iam/search/username-page-handle/{handle}', { handle }, { signal })).available;
  } catch (err) {
    if (err instanceof ApiError && (err.status === 404 || err.status === 405 || err.status === 501)) return null;
    throw err;
  }
}
