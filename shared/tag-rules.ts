/** Tag name rules without zod (the SPA's reading screens use them); shared/schemas/tags.ts re-exports them. */

export const TAG_NAME_MAX = 40;
/** A normalised tag name: 1-40 letters, digits, spaces, - and _ (already lower case). */
export const TAG_NAME_PATTERN = /^[\p{L}\p{N} _-]{1,40}$/u;
/** At most this many tags in one check-if-last call. */
export const TAG_CHECK_MAX = 50;

/** Trims, collapses runs of white space to one space and lower-cases: the stored form (and id). */
export function normaliseTagName(raw: string): string {
  return raw.trim().replace(/\s+/g, ' ').toLowerCase();
}
