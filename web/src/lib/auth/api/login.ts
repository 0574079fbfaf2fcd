/** POST /api/iam/authn/login: e-mail and password → session cookies and the profile. */
import { api } from '@/lib/api';
import { isProfile, type Profile } from '../types';

export interface LoginInput {
  email: string;
  password: string;
}

/** The profile when the answer carries one (it should), else null and the caller loads it. */
export async function postLogin(input: LoginInput): Promise<Profile | null> {
  const data = await api.call('POST /api/iam/authn/login', input, { refreshOn401: false, endSessionOn401: false });
  return isProfile(data) ? data : null;
}
