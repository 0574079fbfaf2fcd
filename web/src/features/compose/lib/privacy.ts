/** Who can see a post or plant, as the composer and the editors offer it. */
import type { Privacy } from '@shared/content-rules';

export const PRIVACY_OPTIONS: ReadonlyArray<{ value: Privacy; label: string }> = [
  { value: 'public', label: 'Public — everyone' },
  { value: 'members', label: 'Members — signed-in people' },
  { value: 'private', label: 'Only me' },
];

export const DEFAULT_PRIVACY: Privacy = 'public';

export function isPrivacy(value: string): value is Privacy {
  return PRIVACY_OPTIONS.some((o) => o.value === value);
}
