/**
 * Where a sign-in leads. `?redirect=` is honoured only for same-site paths: it must start with
 * one '/', and neither '//' nor '/\' (browsers read both as another host), nor hold control
 * characters or whitespace; anything else is refused (no open redirect).
 */
import type { Profile } from '@/lib/auth/types';

export function safeRedirect(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 2048) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  if (/[\u0000-\u0020\u007F\\]/.test(raw)) return null;
  // Belt and braces: the browser's own parser must agree that it stays on this origin.
  try {
    const base = 'https://leafline.invalid';
    const url = new URL(raw, base);
    if (url.origin !== base) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
}

/** Login and signup pages are no place to come back to. */
const NOT_A_TARGET = /^\/auth\/(login|signup)(?:[/?#]|$)/;

/**
 * After login: a suspended account goes to /auth/suspended whatever it asked for; else the
 * safe `redirect`; else an unverified e-mail → /auth/verify, an incomplete registration →
 * /auth/register, everyone else → home.
 */
export function afterLoginTarget(profile: Profile | null, redirect: string | null | undefined): string {
  if (profile?.suspended) return '/auth/suspended';
  const target = safeRedirect(redirect);
  if (target && !NOT_A_TARGET.test(target)) return target;
  if (!profile) return '/';
  if (!profile.email_verified) return '/auth/verify';
  if (!profile.registration_complete) return '/auth/register';
  return '/';
}
