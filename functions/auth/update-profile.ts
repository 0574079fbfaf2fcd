/** PUT /api/iam/authn/update: the user's own profile fields (names in title case, location with its geohash). */
import { toTitleCase } from '../../shared/format';
import type { profileUpdateInput } from '../../shared/schemas/identity';
import { badRequest, unauthorized } from '../lib/errors';
import { verifyUploadedImage } from '../lib/images';
import type { Main } from '../lib/route-types';
import { getUser, saveUser, toProfile, withLocation } from '../users/users';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
const AVATAR_PROBLEMS = {
  missing: 'avatar was not uploaded; upload it again',
  'too-large': 'avatar must be at most 5 MB',
  'wrong-type': 'avatar must be a JPEG, PNG or WebP image',
} as const;

export const main: Main<typeof profileUpdateInput> = async ({ input, session }) => {
  const user = await getUser(session!.userId);
  if (!user) throw unauthorized('Your account no longer exists');
  if (input.avatar && input.avatar !== user.avatar) {
    if (!input.avatar.startsWith(`images/avatars/${user.uuid}/`)) throw badRequest('avatar must be one of your own uploads', 'avatar');
    const check = await verifyUploadedImage(input.avatar, AVATAR_MAX_BYTES);
    if (check !== 'ok') throw badRequest(AVATAR_PROBLEMS[check], 'avatar');
  }
  let next = {
    ...user,
    ...(input.first_name !== undefined ? { firstName: toTitleCase(input.first_name) } : {}),
    ...(input.last_name !== undefined ? { lastName: toTitleCase(input.last_name) } : {}),
    ...(input.bio !== undefined ? { bio: input.bio } : {}),
    ...(input.motivations !== undefined ? { motivations: input.motivations } : {}),
    ...(input.suburb_city !== undefined ? { suburbCity: input.suburb_city } : {}),
    ...(input.state !== undefined ? { state: input.state } : {}),
    ...(input.country !== undefined ? { country: input.country } : {}),
  };
  if (input.avatar === null) delete next.avatar;
  else if (input.avatar !== undefined) next.avatar = input.avatar;
  next = withLocation(next, input.latitude, input.longitude);
  const saved = await saveUser(next);
  return toProfile(saved, session!.csrfToken);
};
