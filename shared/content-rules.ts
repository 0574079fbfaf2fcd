/**
 * The rules of content (sizes and counts of posts, comments, tags and photos; some bound a post's
 * transaction, see docs/data-model.md), without zod, so the SPA's reading
 * screens can use them without loading the validation chunk. The input schemas of posts,
 * comments, reactions, feeds and images (shared/schemas/) are built from these.
 */

export const PRIVACIES = ['public', 'members', 'private'] as const;
export type Privacy = (typeof PRIVACIES)[number];

export const POST_TEXT_MAX = 5000;
export const COMMENT_MAX = 2000;
/** Tags per post: keeps a post's transaction (counters per tag, links per tag) under 100 items. */
export const MAX_TAGS_PER_POST = 8;
export const MAX_PHOTOS_PER_POST = 10;
export const PHOTO_DESCRIPTION_MAX = 300;
/** Replies nest at most this deep: top-level comments have level 0, so levels run 0..MAX. */
export const MAX_COMMENT_LEVEL = 5;
/** Largest photo accepted by an upload URL, in bytes. */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** The browser scales photos so that their longest side is at most this, before uploading. */
export const PHOTO_MAX_SIDE_PX = 2048;
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
/** Photos one message may carry (uploaded as posts' photos are, under the bucket's private prefix). */
export const MAX_PHOTOS_PER_MESSAGE = 4;
/** Feed pages hold at most this many items (the default page is 20). */
export const TAKE_MAX = 50;

/** An availability containing this text (in any case) means the plant is not available: it leaves the available-plants lists. */
export const NOT_AVAILABLE = 'Not available';
/** The choices the composer offers; any text of 1-60 characters is accepted. */
export const AVAILABILITY_CHOICES = ['Available to swap', 'Available for sale', 'Free to a good home', NOT_AVAILABLE] as const;

export function isAvailable(availability: string | null | undefined): boolean {
  return !!availability && !availability.toLowerCase().includes(NOT_AVAILABLE.toLowerCase());
}

/** The kinds of availability a browse filters by (the composer's three "available" choices, in order). */
export const AVAILABILITY_FILTERS = ['swap', 'sale', 'free'] as const;
export type AvailabilityFilter = (typeof AVAILABILITY_FILTERS)[number];
/**
 * The words that put a listing's availability in each kind. Availability is free text, so a kind
 * is told by a word starting with one of these (the composer's choices hold them: "Available to
 * swap", "Available for sale", "Free to a good home"); "Swap or sale" is of both.
 */
const AVAILABILITY_WORDS: Record<AvailabilityFilter, readonly string[]> = { swap: ['swap', 'trade'], sale: ['sale', 'sell', 'buy'], free: ['free', 'give', 'giving'] };

/** Whether an available listing's availability text is of this kind (case and accents aside). */
export function availabilityIs(availability: string | null | undefined, kind: AvailabilityFilter): boolean {
  if (!isAvailable(availability)) return false;
  const words = availability!.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().split(/[^\p{L}\p{N}]+/u);
  return words.some((w) => AVAILABILITY_WORDS[kind].some((k) => w.startsWith(k)));
}

/** An uploaded photo's object key, as the upload URL route hands it out. */
export const PHOTO_KEY_PATTERN = /^images\/posts\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.(jpg|png|webp)$/;

/**
 * Cards show a photo's small rendition, at most this wide, never the original. The browser makes
 * it when it scales the photo and uploads it beside the original (one upload URL, one pending
 * record, two objects).
 */
export const PHOTO_SMALL_WIDTH_PX = 640;
/** Largest small rendition accepted, in bytes (a 640 px JPEG or WebP is ~50–150 KB; a PNG photo can reach ~1 MB). */
export const PHOTO_SMALL_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The key of a photo's small rendition: `…/<id>.<ext>` → `…/<id>.w640.<ext>` (not a photo key
 * itself, so no post can claim it as a photo). Stored posts derive their small keys with it, so
 * the suffix is fixed, whatever the rendition's width becomes.
 */
export function smallPhotoKey(key: string): string {
  return key.replace(/\.(jpg|png|webp)$/, '.w640.$1');
}
/** `p.<postId>.<userId>` or `c.<commentId>.<userId>`: one reaction per user and target. */
export const REACTION_ID_PATTERN = /^[pc]\.[0-9a-f-]{36}\.[0-9a-f-]{36}$/;

/** Page images (avatar and cover): `images/pages/<pageId>/<uuid>.<ext>`, at most 5 MB. */
export const PAGE_IMAGE_KEY_PATTERN = /^images\/pages\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.(jpg|png|webp)$/;
export const PAGE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Event covers: `images/events/<eventId>/<uuid>.<ext>`, at most 5 MB. */
export const EVENT_IMAGE_KEY_PATTERN = /^images\/events\/[0-9a-f-]{36}\/[0-9a-f-]{36}\.(jpg|png|webp)$/;
export const EVENT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
