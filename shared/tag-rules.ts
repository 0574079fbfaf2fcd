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

/** The kinds of interest a member may take in a tag. */
export const INTEREST_TYPES = ['grow', 'swap', 'learn'] as const;
export type InterestType = (typeof INTEREST_TYPES)[number];
/** A member follows at most this many interests (tag and kind) in all. */
export const INTERESTS_MAX = 60;
/** "For you" reads the tags of this many of a member's most recent interests (distinct tags). */
export const FOR_YOU_TAGS = 10;
/** At most this many tags in one interests call, and children in one tag update. */
export const TAG_BATCH_MAX = 25;
/** A tag's shown label and description at most. */
export const TAG_LABEL_MAX = 60;
export const TAG_DESCRIPTION_MAX = 500;
