import { describe, expect, it } from 'vitest';
import { atLeast, isPageAdmin, isPageStaff, PAGE_ROLES } from './page-roles';

describe('page roles', () => {
  it('ranks creator ≥ admin ≥ moderator ≥ member, and no role is nothing', () => {
    const table = PAGE_ROLES.map((role) => PAGE_ROLES.filter((needed) => atLeast(role, needed)));
    expect(table).toEqual([
      ['creator', 'admin', 'moderator', 'member'],
      ['admin', 'moderator', 'member'],
      ['moderator', 'member'],
      ['member'],
    ]);
    for (const none of [null, undefined]) expect(PAGE_ROLES.some((needed) => atLeast(none, needed))).toBe(false);
    expect(PAGE_ROLES.filter(isPageAdmin)).toEqual(['creator', 'admin']);
    expect(PAGE_ROLES.filter(isPageStaff)).toEqual(['creator', 'admin', 'moderator']);
  });
});
