/**
 * Pages and members share the /:handle namespace. A handle the app has already seen as a page's
 * (a page card, a post by a page, an earlier visit) opens the page's profile with its one request
 * (all-details); an unknown handle first asks for the member's posts, whose answer says which it is.
 */
import { handleHref } from '@/config/paths';

const known = new Set<string>();
const LIMIT = 500;

export function rememberPage(handle: string): void {
  if (known.size >= LIMIT) known.clear();
  known.add(handle.toLowerCase());
}

export function forgetPage(handle: string): void {
  known.delete(handle.toLowerCase());
}

export function isKnownPage(handle: string): boolean {
  return known.has(handle.toLowerCase());
}

/** The link to a page's profile (the same path as a member's), remembering that this handle is a page's. */
export function pageHref(handle: string): string {
  rememberPage(handle);
  return handleHref(handle);
}
