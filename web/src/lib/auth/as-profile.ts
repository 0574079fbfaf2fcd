import type { Profile } from '@shared/answers/auth';
import { ApiError } from '@/lib/api';
import { isProfile } from './types';

/** Answers of calls that change the profile must carry it. */
export function asProfile(data: Profile): Profile {
  if (!isProfile(data)) throw new ApiError(200, 'bad_response', 'The answer lacks the profile');
  return data;
}
