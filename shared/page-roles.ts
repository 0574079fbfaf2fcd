/**
 * A page's roles, from the highest: a role may do what every lower one may. The API checks them
 * (functions/pages/pages.ts) and the SPA uses the same rule to show what a member may do.
 */
export const PAGE_ROLES = ['creator', 'admin', 'moderator', 'member'] as const;
export type PageRole = (typeof PAGE_ROLES)[number];

const RANK: Record<PageRole, number> = { creator: 0, admin: 1, moderator: 2, member: 3 };

/** Whether `role` is at least `needed` (creator ≥ admin ≥ moderator ≥ member); no role is nothing. */
export function atLeast(role: PageRole | null | undefined, needed: PageRole): boolean {
  return !!role && RANK[role] <= RANK[needed];
}

/** The page's admins (its creator included). */
export const isPageAdmin = (role: PageRole | null | undefined): boolean => atLeast(role, 'admin');
/** The page's staff: its admins and moderators. */
export const isPageStaff = (role: PageRole | null | undefined): boolean => atLeast(role, 'moderator');
