/** Which files can be a profile photo, a page's image or an event's cover: checked before asking the server. */
import { avatarUploadInput } from '@shared/schemas/images';
import { checkInput } from './check-input';

export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** Why this file cannot be an avatar, or null when it can. */
export function avatarFileProblem(file: File): string | null {
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type)) return 'Choose a JPEG, PNG or WebP image.';
  if (file.size > AVATAR_MAX_BYTES) return `This image is ${(file.size / 1024 / 1024).toFixed(1)} MB; the limit is 5 MB.`;
  if (file.size === 0) return 'This file is empty.';
  const checked = checkInput(avatarUploadInput, { contentType: file.type, size: file.size }, { contentType: 'The image', size: 'The image' });
  return checked.ok ? null : Object.values(checked.errors)[0] ?? 'This file cannot be used.';
}
