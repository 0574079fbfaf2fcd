import { describe, expect, it } from 'vitest';
import type { AuthState } from '@/lib/auth/types';
import { AUTH } from '@/testing/render-route';
import { GUARD_NAMES, GUARDS, resolveGuard, type GuardResult } from './guards';

const place = { pathname: '/user/invites', search: '?tab=open', hash: '#top' };
const login = `/auth/login?redirect=${encodeURIComponent('/user/invites?tab=open#top')}`;

const state = (s: Partial<AuthState>): AuthState => ({ loggedIn: undefined, user: null, profileError: false, signingOut: false, ...s });
const run = (name: string, s: Partial<AuthState>): GuardResult => resolveGuard(name)(state(s), place);

const allow: GuardResult = { kind: 'allow' };
const pending: GuardResult = { kind: 'pending' };
const notFound: GuardResult = { kind: 'not-found' };
const to = (path: string): GuardResult => ({ kind: 'redirect', to: path });

// What each guard does, row by row, for each kind of visitor: the rule the guards must keep.
const TABLE: Record<string, Record<keyof typeof AUTH, GuardResult>> = {
  none: { pending: allow, guest: allow, unverified: allow, unregistered: allow, member: allow, admin: allow },
  'guest-or-authd': { pending: allow, guest: allow, unverified: allow, unregistered: allow, member: allow, admin: allow },
  'logged-in-only': { pending, guest: to(login), unverified: allow, unregistered: allow, member: allow, admin: allow },
  'authd-only': { pending, guest: to(login), unverified: to('/auth/verify'), unregistered: allow, member: allow, admin: allow },
  'completed-regn': {
    pending,
    guest: to(login),
    unverified: to('/auth/register'),
    unregistered: to('/auth/register'),
    member: allow,
    admin: allow,
  },
  'admin-auth': { pending, guest: notFound, unverified: notFound, unregistered: notFound, member: notFound, admin: allow },
};

describe('route guards', () => {
  it('are exactly the guards of this table', () => {
    expect([...GUARD_NAMES].sort()).toEqual(Object.keys(TABLE).sort());
    expect(Object.keys(GUARDS).sort()).toEqual(Object.keys(TABLE).sort());
  });

  for (const [name, expected] of Object.entries(TABLE)) {
    for (const [who, result] of Object.entries(expected)) {
      it(`${name}: ${who} → ${result.kind === 'redirect' ? result.to : result.kind}`, () => {
        expect(run(name, AUTH[who as keyof typeof AUTH])).toEqual(result);
      });
    }
  }

  it("throws 'Unknown route middleware' for any other name", () => {
    expect(() => resolveGuard('guest-only')).toThrow(new Error('Unknown route middleware'));
    expect(() => resolveGuard('')).toThrow('Unknown route middleware');
    expect(() => resolveGuard('toString')).toThrow('Unknown route middleware');
  });

  it('waits while the profile of a signed-in user is still loading', () => {
    for (const name of ['logged-in-only', 'authd-only', 'completed-regn', 'admin-auth']) {
      expect(run(name, { loggedIn: true, user: null })).toEqual(pending);
    }
  });

  it('waits during a logout instead of sending the user to the login page', () => {
    expect(run('authd-only', { loggedIn: false, user: null, signingOut: true })).toEqual(pending);
  });

  it('sends a guest to the plain login page from the home page', () => {
    expect(resolveGuard('logged-in-only')(state(AUTH.guest), { pathname: '/' })).toEqual(to('/auth/login'));
  });
});
