import { describe, expect, it } from 'vitest';
import { makeUser } from '@/testing/render-route';
import { afterLoginTarget, safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it.each(['/messages', '/plant/p1?tab=photos#top', '/fern_fan'])('keeps the same-site path %s', (path) => {
    expect(safeRedirect(path)).toBe(path);
  });

  it.each([
    ['protocol-relative', '//evil.example/x'],
    ['backslash', '/\\evil.example'],
    ['absolute URL', 'https://evil.example/'],
    ['javascript', 'javascript:alert(1)'],
    ['relative', 'messages'],
    ['tab inside', '/\t/evil.example'],
    ['newline', '/x\n'],
    ['encoded in the middle is fine but backslash is not', '/a\\b'],
    ['empty', ''],
  ])('refuses %s', (_name, raw) => {
    expect(safeRedirect(raw)).toBeNull();
  });

  it('refuses null', () => {
    expect(safeRedirect(null)).toBeNull();
  });
});

describe('afterLoginTarget', () => {
  const member = makeUser();
  it('goes to the safe redirect', () => expect(afterLoginTarget(member, '/events')).toBe('/events'));
  it('goes home when the redirect is unsafe', () => expect(afterLoginTarget(member, '//evil.example')).toBe('/'));
  it('does not come back to the login page', () => expect(afterLoginTarget(member, '/auth/login?redirect=/x')).toBe('/'));
  it('sends an unverified user to /auth/verify', () => expect(afterLoginTarget(makeUser({ email_verified: false }), null)).toBe('/auth/verify'));
  it('sends an unregistered user to /auth/register', () =>
    expect(afterLoginTarget(makeUser({ registration_complete: false }), null)).toBe('/auth/register'));
  it('sends a suspended user to /auth/suspended, whatever the redirect', () =>
    expect(afterLoginTarget(makeUser({ suspended: true }), '/messages')).toBe('/auth/suspended'));
  it('prefers the redirect to the onboarding steps (their guards take over)', () =>
    expect(afterLoginTarget(makeUser({ registration_complete: false }), '/events')).toBe('/events'));
});
