/**
 * What the feed routes answer (the `data` of the success envelope): pages of posts and plants
 * with their counts, a post or plant with a page of its thread, owners' cards.
 */
import * as z from 'zod';
import { commentView, responder } from './comments';
import { ownerCard, postView } from './posts';

const count = () => z.number().int().nonnegative();

/** How many items each filter of a feed holds, as the viewer may see them. */
export const feedCounts = z.strictObject({
  postsAll: count(),
  plantsAll: count(),
  plantsAvail: count().describe('Plant posts whose availability does not contain "Not available"'),
  news: count().describe('Posts of pages'),
});
export type FeedCounts = z.output<typeof feedCounts>;

const cursorId = z.string().nullable().describe('The next page\'s cursor; null on the last page');
const items = z.array(postView);

/** A page of posts and plants merged, newest first. */
export const contentPage = z.strictObject({ contentItems: items, counts: feedCounts, cursorId });
export type ContentPage = z.output<typeof contentPage>;

/** A page of posts, newest first. */
export const postsPage = z.strictObject({ posts: items, counts: feedCounts, cursorId });
export type PostsPage = z.output<typeof postsPage>;

/** A page of plant posts, newest first. */
export const plantsPage = z.strictObject({ plants: items, counts: feedCounts, cursorId });
export type PlantsPage = z.output<typeof plantsPage>;

/** A page of an owner's posts, with the owner's card (read by handle). */
export const ownerPostsPage = z.strictObject({ ...postsPage.shape, owner: ownerCard });
export type OwnerPostsPage = z.output<typeof ownerPostsPage>;

/** A page of an owner's plant posts, with the owner's card (read by handle). */
export const ownerPlantsPage = z.strictObject({ ...plantsPage.shape, owner: ownerCard });
export type OwnerPlantsPage = z.output<typeof ownerPlantsPage>;

/** The latest plant posts (each with its owner's card), without counts. */
export const latestPlants = z.strictObject({ plants: items, cursorId });
export type LatestPlants = z.output<typeof latestPlants>;

/** A plant post near a point, with its distance. */
export const nearbyPlant = z.strictObject({
  ...postView.shape,
  distance_km: z.number().int().nonnegative().describe('The distance from the point, rounded to 1 km'),
  cell: z.strictObject({ latitude: z.number(), longitude: z.number() }).describe('Where the listing is found: the centre of its owner\'s ~1 km cell, for a map'),
});
export type NearbyPlant = z.output<typeof nearbyPlant>;

/** Available plants near a point, nearest first. */
export const nearbyPlants = z.strictObject({
  plants: z.array(nearbyPlant),
  radius_km: z.number().positive().describe('The radius searched: the one asked for, or less where the index cannot search that wide'),
});
export type NearbyPlants = z.output<typeof nearbyPlants>;

export const userCountsAnswer = z.strictObject({ counts: feedCounts });
export type UserCountsAnswer = z.output<typeof userCountsAnswer>;

export const ownerAnswer = z.strictObject({ owner: ownerCard });
export type OwnerAnswer = z.output<typeof ownerAnswer>;

const thread = {
  comments: z.array(commentView).describe('A page of the thread, in thread order (each reply after its parent)'),
  responders: z.array(responder).describe('The latest people who reacted to it (first page only; empty on later pages)'),
  commentsCursor: z.string().nullable().describe('More of the thread follows: pass it back as ?commentsCursor= (null at the end)'),
};

/** A post with a page of its thread. */
export const postDetail = z.strictObject({ post: postView, ...thread });
export type PostDetail = z.output<typeof postDetail>;

/** A plant post with a page of its thread. */
export const plantDetail = z.strictObject({ plant: postView, ...thread });
export type PlantDetail = z.output<typeof plantDetail>;

/** "For you": posts of the member's interests' tags and news of their pages, merged newest first. */
export const forYouPage = z.strictObject({
  contentItems: items,
  cursorId,
  tags: z.array(z.string()).describe('The tags read: those of the member\'s 10 most recently followed interests'),
  pages: z.number().int().describe('How many of the member\'s pages were read (their 10 most recently joined)'),
});
export type ForYouPage = z.output<typeof forYouPage>;
