/**
 * The validation rules of what members type, as plain predicates shared by the SPA's forms and
 * the server's schemas: e-mail, letters-and-spaces text, URLs, and handles (users and pages share
 * one namespace; see docs/api.md).
 */
import { withHttps } from './format';

/** Letters, digits and symbols, then @, then a dotted domain. */
export const EMAIL_PATTERN = /^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
export const EMAIL_MAX_LENGTH = 254;

export function isEmail(value: string): boolean {
  const v = value.trim();
  return v.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(v);
}

/** Text made only of letters (any script) and spaces, with at least one letter. */
export const LETTERS_AND_SPACES_PATTERN = /^[\p{L} ]*\p{L}[\p{L} ]*$/u;

export function isLettersAndSpaces(value: string): boolean {
  return LETTERS_AND_SPACES_PATTERN.test(value);
}

/**
 * A web address: optional http(s) scheme, a dotted host name (or localhost), optional port,
 * path, query and fragment, no spaces.
 */
export const URL_PATTERN =
  /^(?:https?:\/\/)?(?:localhost|(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63})(?::\d{1,5})?(?:[/?#][^\s]*)?$/;

export function isUrl(value: string): boolean {
  const v = value.trim();
  if (!URL_PATTERN.test(v)) return false;
  try {
    const url = new URL(withHttps(v));
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** Handles (usernames and page handles): 3–30 of a-z, 0-9 and _, compared case-insensitively. */
export const HANDLE_PATTERN = /^[a-z0-9_]{3,30}$/i;

/**
 * Handles nobody may take: every first path segment the SPA or the API uses, and admin-ish
 * words. Any first segment of a web route must be listed here, or a user could shadow it.
 */
export const RESERVED_HANDLES: ReadonlySet<string> = new Set([
  // SPA and API first segments
  'about', 'admin', 'api', 'auth', 'dev', 'docs', 'event', 'events', 'images', 'join', 'messages',
  'nearby', 'page', 'pages', 'plant', 'plants', 'post', 'posts', 'profile', 'settings', 'tag',
  'tags', 'user', 'users', 'welcome', 'assets', 'static', 'favicon', 'robots', 'sitemap',
  // admin-ish and confusing
  'administrator', 'root', 'system', 'support', 'help', 'moderator', 'mod', 'staff', 'official',
  'security', 'abuse', 'postmaster', 'webmaster', 'hostmaster', 'noreply', 'no_reply', 'info',
  'null', 'undefined', 'anonymous', 'guest', 'everyone', 'all', 'new', 'edit', 'search',
  'login', 'logout', 'signup', 'register', 'account', 'home',
]);

export function normaliseHandle(value: string): string {
  return value.trim().toLowerCase();
}

/** A well-formed handle that is not reserved. */
export function isValidHandle(value: string): boolean {
  return HANDLE_PATTERN.test(value) && !RESERVED_HANDLES.has(normaliseHandle(value));
}
