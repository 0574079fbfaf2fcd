/**
 * A page's roles, from the highest: a role may do what every lower one may. The API checks them
 * (functions/pages/pages.ts) and the SPA uses the same rule to show what a member may do. The
 * order is stored: a member's place in the member list is its role's index here
 * (functions/db/entities/page.ts), so a role is never moved, only added.
 */
export const PAGE_ROLES = ['creator', 'admin', 'moderator', 'member'] as const;
export type PageRole = (typeof PAGE_ROLES)[number];

/**
 * The roles a member can be given: every one but the creator's, which only the page's creator
 * holds. A page's posting role (the lowest role that may post news as the page) is one of them.
 */
export type AssignablePageRole = Exclude<PageRole, 'creator'>;
export const ASSIGNABLE_PAGE_ROLES = /* @__PURE__ */ PAGE_ROLES.filter((role): role is AssignablePageRole => role !== 'creator');

/** A role's rank: 0 for the creator, then one more for each lower role. */
export const pageRoleRank = (role: PageRole): number => PAGE_ROLES.indexOf(role);

/** Whether `role` is at least `needed` (creator ≥ admin ≥ moderator ≥ member); no role is nothing. */
export function atLeast(role: PageRole | null | undefined, needed: PageRole): boolean {
  return !!role && pageRoleRank(role) <= pageRoleRank(needed);
}

/** The page's admins (its creator included). */
export const isPageAdmin = (role: PageRole | null | undefined): boolean => atLeast(role, 'admin');
/** The page's staff: its admins and moderators. */
export const isPageStaff = (role: PageRole | null | undefined): boolean => atLeast(role, 'moderator');

/** A member's role as the member lists show it (beside the roles, so a page's profile loads no more for it). */
export const PAGE_ROLE_NAMES: Readonly<Record<PageRole, string>> = { creator: 'Founder', admin: 'Admin', moderator: 'Moderator', member: 'Member' };
