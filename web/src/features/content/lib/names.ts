/** How lists name a member: their name in title case, or their username when they gave none. */
import { toTitleCase } from '@shared/format';

export function memberName(u: { first_name: string; last_name: string; username: string }): string {
  return toTitleCase([u.first_name, u.last_name].filter(Boolean).join(' ')) || u.username;
}
