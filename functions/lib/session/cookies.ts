/** Session cookies: `__Host-` prefixed, HttpOnly, Secure, SameSite=Lax, Path=/. */
import { parse, serialize } from 'cookie';
import { ACCESS_COOKIE, ACCESS_TOKEN_TTL_SECONDS, REFRESH_COOKIE, REFRESH_COOKIE_MAX_AGE_DAYS } from '../../../shared/constants';

/** API Gateway's payload 2.0 gives cookies as an array of `name=value` strings. */
export function readCookies(cookies: string[] | undefined, header?: string): Record<string, string | undefined> {
  const joined = [...(cookies ?? []), ...(header ? [header] : [])].join('; ');
  return parse(joined);
}

const base = { httpOnly: true, secure: true, sameSite: 'lax', path: '/' } as const;

export function accessCookie(token: string): string {
  return serialize(ACCESS_COOKIE, token, { ...base, maxAge: ACCESS_TOKEN_TTL_SECONDS });
}

export function refreshCookie(token: string): string {
  return serialize(REFRESH_COOKIE, token, { ...base, maxAge: REFRESH_COOKIE_MAX_AGE_DAYS * 24 * 3600 });
}

export function clearedSessionCookies(): string[] {
  return [ACCESS_COOKIE, REFRESH_COOKIE].map((name) => serialize(name, '', { ...base, maxAge: 0 }));
}
