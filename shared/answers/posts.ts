/**
 * What the posts routes answer (the `data` of the success envelope): posts and plant posts as
 * cards show them, and the answers of the routes that write them. Feeds and a post with its
 * thread are in ./feeds.ts.
 */
import * as z from 'zod';
import { PRIVACIES } from '../content-rules';

export const POST_KINDS = ['post', 'plant'] as const;
export type PostKind = (typeof POST_KINDS)[number];

const count = () => z.number().int().nonnegative();

/** Who a post belongs to (a user now; a page once pages exist) as cards show it. */
export const ownerCard = z.strictObject({
  type: z.enum(['user', 'page']),
  id: z.string(),
  handle: z.string().nullable().describe('null for a deleted account'),
  name: z.string().describe('The display name; "Former member" for a deleted account'),
  avatar: z.string().nullable().describe('The avatar\'s image key, null without one'),
});
export type OwnerCard = z.output<typeof ownerCard>;

export const photoView = z.strictObject({
  key: z.string().describe('The photo\'s image key (the original, at most 2,048 px on its longest side)'),
  small: z.string().nullable().describe('The key of its small rendition (at most 640 px wide), for cards; null for a photo uploaded without one'),
  width: z.number().int().nullable().describe('The original\'s width in pixels, as the uploading browser measured it; null when unknown'),
  height: z.number().int().nullable().describe('The original\'s height in pixels; null when unknown'),
  description: z.string().nullable(),
});
export type PhotoView = z.output<typeof photoView>;

/** A plant post's details, as its owner wrote them (trimmed; optional fields may be absent). */
export const plantDetailsView = z.strictObject({
  commonName: z.string(),
  botanicalName: z.string().optional(),
  careNotes: z.string().optional(),
  size: z.string().optional(),
  price: z.string().optional(),
  swapTerms: z.string().optional(),
  availability: z.string(),
});
export type PlantDetailsView = z.output<typeof plantDetailsView>;

/** A post or plant post as every route answers it (lists, a single item, writes). */
export const postView = z.strictObject({
  id: z.string(),
  kind: z.enum(POST_KINDS),
  type: z.enum(['text/image', 'plant/image']).describe('text/image for posts, plant/image for plant posts'),
  privacy: z.enum(PRIVACIES),
  text: z.string(),
  tags: z.array(z.string()),
  photos: z.array(photoView),
  plant: plantDetailsView.nullable().describe('Plant posts\' details; null for posts'),
  available: z.boolean().describe('Plant posts only: the availability does not contain "Not available"'),
  owner: ownerCard,
  area: z.string().optional().describe('Plant posts: roughly where the plant is, the owner\'s suburb or city (never an address); absent when unknown'),
  authorId: z.string().describe('The user who wrote it (the owner, or a member acting for a page)'),
  reactionCount: count(),
  commentCount: count(),
  myReactionId: z.string().nullable().describe('The viewer\'s reaction to the post (for undo); null when none or a guest'),
  createdAt: z.string(),
  updatedAt: z.string().describe('The last edit (lists sort by it)'),
});
export type PostView = z.output<typeof postView>;

// ── Answers of the writing routes ────────────────────────────────────────────────────────────

/** A post created or edited. */
export const postAnswer = z.strictObject({ post: postView });
export type PostAnswer = z.output<typeof postAnswer>;

/** A plant post created or edited. */
export const plantAnswer = z.strictObject({ plant: postView });
export type PlantAnswer = z.output<typeof plantAnswer>;

export const postDeleted = z.strictObject({ deleted: z.literal(true) });
export type PostDeleted = z.output<typeof postDeleted>;
