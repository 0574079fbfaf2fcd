/** How the SPA names a page's roles and who may join it, in lists and in the choices its forms offer. */
import type { PageView } from '@shared/answers/pages';
import { ASSIGNABLE_PAGE_ROLES, type AssignablePageRole } from '@shared/page-roles';

type Option<T extends string> = { value: T; label: string };

export const OPENNESS_OPTIONS: ReadonlyArray<Option<PageView['openness']>> = [
  { value: 'open', label: 'Anyone can join' },
  { value: 'moderated', label: 'People ask; admins and moderators approve' },
  { value: 'invite', label: 'Invitation only' },
];

/** The roles a member can be given (or that may post as the page), highest first, each labelled. */
export const roleOptions = (labels: Readonly<Record<AssignablePageRole, string>>): ReadonlyArray<Option<AssignablePageRole>> =>
  ASSIGNABLE_PAGE_ROLES.map((value) => ({ value, label: labels[value] }));
