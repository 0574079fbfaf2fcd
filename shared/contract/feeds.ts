/** The feeds routes' contract. */
import { contentPage, forYouPage, latestPlants, nearbyPlants, ownerAnswer, ownerPlantsPage, ownerPostsPage, plantDetail, plantsPage, postDetail, postsPage, userCountsAnswer } from '../answers/feeds';
import { availNearbyInput, basicParams, byHandleParams, contentMoreParams, contentRecentQuery, cursorParams, forYouQuery, listingsParams, moreByHandleParams, morePlantsByUserParams, morePostsByUserParams, noCursorQuery, plantsByHandleParams, plantsByUserParams, plantsMoreRecentParams, plantsRecentParams, postIdParams, publicPlantsRecentParams, tagFeedParams, userIdParams } from '../schemas/feeds';
import { defineRoute } from './route';

export const getPostMember = defineRoute({
  method: 'GET', path: '/api/iam/posts/{id}', access: 'user',
  input: postIdParams, output: postDetail,
  errors: { 404: 'no such post the caller may see' },
  summary: 'A post with a page of its comments in thread order and its responders, as the caller may see it: { post, comments, responders, commentsCursor }; 404 when it does not exist or is not visible.',
});

export const getPlantMember = defineRoute({
  method: 'GET', path: '/api/iam/plant/{id}', access: 'user',
  input: postIdParams, output: plantDetail,
  errors: { 404: 'no such plant the caller may see' },
  summary: 'A plant post with a page of its comments and its responders: { plant, comments, responders, commentsCursor }; 404 when it does not exist or is not visible.',
});

export const byTagMember = defineRoute({
  method: 'GET', path: '/api/iam/posts/tag/{tag}', access: 'user',
  input: tagFeedParams, output: contentPage,
  summary: 'Posts and plants with the tag that the caller may see, newest first: { contentItems, counts, cursorId } (cursorId in the query string).',
});

export const recentPosts = defineRoute({
  method: 'GET', path: '/api/iam/posts/init-recent', access: 'user',
  input: noCursorQuery, output: postsPage,
  summary: 'First page of recent posts for members: { posts, counts, cursorId }.',
});

export const moreRecentPosts = defineRoute({
  method: 'GET', path: '/api/iam/posts/more-recent/{cursor}', access: 'user',
  input: cursorParams, output: postsPage,
  summary: 'The next page of recent posts after cursor: { posts, counts, cursorId }.',
});

export const byMyUser = defineRoute({
  method: 'GET', path: '/api/iam/posts/bymyuser/{cursor}', access: 'user',
  input: cursorParams, output: postsPage,
  summary: 'The caller\'s own posts, private ones included; cursor = first for the first page: { posts, counts, cursorId }.',
});

export const userCounts = defineRoute({
  method: 'GET', path: '/api/iam/usercounts/byuser/{id}', access: 'user',
  input: userIdParams, output: userCountsAnswer,
  summary: 'Feed counts of a user as the caller may see them (their own private items too on their own profile): { counts }.',
});

export const plantsByUser = defineRoute({
  method: 'GET', path: '/api/iam/plantsbyuser/{userId}/{filter}/{take}', access: 'user',
  input: plantsByUserParams, output: plantsPage,
  summary: 'First page (take, at most 50) of a user\'s plants, filter = plantsAll | plantsAvail: { plants, counts, cursorId }.',
});

export const morePostsByUser = defineRoute({
  method: 'GET', path: '/api/iam/morepostsbyuser/{userId}/{take}/{cursor}', access: 'user',
  input: morePostsByUserParams, output: postsPage,
  summary: 'The next page of a user\'s posts after cursor: { posts, counts, cursorId }.',
});

export const morePlantsByUser = defineRoute({
  method: 'GET', path: '/api/iam/moreplantsbyuser/{userId}/{filter}/{take}/{cursor}', access: 'user',
  input: morePlantsByUserParams, output: plantsPage,
  summary: 'The next page of a user\'s plants after cursor: { plants, counts, cursorId }.',
});

export const recentPlantsMembers = defineRoute({
  method: 'GET', path: '/api/iam/plants/init-recent/{x}', access: 'user',
  input: plantsRecentParams, output: plantsPage,
  summary: 'First page of recent plants for members, x = plantsAll | plantsAvail: { plants, counts, cursorId }.',
});

export const moreRecentPlantsMembers = defineRoute({
  method: 'GET', path: '/api/iam/plants/more-recent/{filter}/{cursor}', access: 'user',
  input: plantsMoreRecentParams, output: plantsPage,
  summary: 'The next page of recent plants for members: { plants, counts, cursorId }.',
});

export const userOrPageBasic = defineRoute({
  method: 'GET', path: '/api/iam/user-or-page-basic/{x}', access: 'user',
  input: basicParams, output: ownerAnswer,
  errors: { 404: 'no such member or page' },
  summary: 'The card of a member or a page by id or handle: { owner: { type, id, handle, name, avatar } }.',
});

export const postsByHandle = defineRoute({
  method: 'GET', path: '/api/posts/{username}', access: 'public',
  input: byHandleParams, output: ownerPostsPage,
  errors: { 404: 'no member or page has the handle' },
  summary: 'A user\'s posts as the viewer may see them, newest first: { posts, counts, cursorId, owner }.',
});

export const morePostsByHandle = defineRoute({
  method: 'GET', path: '/api/posts/more/by-user/{arg}', access: 'public',
  input: moreByHandleParams, output: ownerPostsPage,
  errors: { 404: 'no member or page has the handle' },
  summary: 'The next page of a user\'s posts (arg = handle, cursorId in the query string): { posts, counts, cursorId, owner }.',
});

export const getPost = defineRoute({
  method: 'GET', path: '/api/post/{id}', access: 'public',
  input: postIdParams, output: postDetail,
  errors: { 404: 'no such post the viewer may see' },
  summary: 'A post with a page of its thread and its responders, only if the viewer may see it (404 otherwise, so existence does not leak): { post, comments, responders, commentsCursor }; ?commentsCursor= for the next page of comments.',
});

export const byTag = defineRoute({
  method: 'GET', path: '/api/posts/tag/{tag}', access: 'public',
  input: tagFeedParams, output: contentPage,
  summary: 'Posts and plants with the tag that the viewer may see, newest first: { contentItems, counts, cursorId }.',
});

export const plantsByHandle = defineRoute({
  method: 'GET', path: '/api/plants/by-user/{user}', access: 'public',
  input: plantsByHandleParams, output: ownerPlantsPage,
  errors: { 404: 'no member or page has the handle' },
  summary: 'A user\'s plants (user = handle; filter = plantsAll | plantsAvail in the query string): { plants, counts, cursorId, owner }.',
});

export const plantsByHandleMore = defineRoute({
  method: 'GET', path: '/api/plants/by-user/more/{user}', access: 'public',
  input: plantsByHandleParams, output: ownerPlantsPage,
  errors: { 404: 'no member or page has the handle' },
  summary: 'The next page of a user\'s plants (cursorId and filter in the query string): { plants, counts, cursorId, owner }.',
});

export const recentPlants = defineRoute({
  method: 'GET', path: '/api/plants/recent/{arg}', access: 'public',
  input: publicPlantsRecentParams, output: plantsPage,
  summary: 'Recent plants the viewer may see, arg = plantsAll | plantsAvail: { plants, counts, cursorId }.',
});

export const recentPlantsMore = defineRoute({
  method: 'GET', path: '/api/plants/recent/more/{arg}', access: 'public',
  input: publicPlantsRecentParams, output: plantsPage,
  summary: 'The next page of recent plants (cursorId in the query string): { plants, counts, cursorId }.',
});

export const getPlant = defineRoute({
  method: 'GET', path: '/api/plant/{id}', access: 'public',
  input: postIdParams, output: plantDetail,
  errors: { 404: 'no such plant the viewer may see' },
  summary: 'A plant post with a page of its thread and its responders, only if the viewer may see it (404 otherwise): { plant, comments, responders, commentsCursor }; ?commentsCursor= for the next page.',
});

export const listings = defineRoute({
  method: 'GET', path: '/api/plant/listings/user/{uuid}', access: 'public',
  input: listingsParams, output: plantsPage,
  summary: 'A user\'s available plants (listings) the viewer may see, newest first: { plants, counts, cursorId }.',
});

export const latestPlantsUsers = defineRoute({
  method: 'GET', path: '/api/plants/get-latest/plants-users', access: 'public',
  input: noCursorQuery, output: latestPlants,
  summary: 'The latest plants (8) the viewer may see, each with its owner card: { plants, cursorId } (cursorId in the query string for the next ones).',
});

export const availNearby = defineRoute({
  method: 'PUT', path: '/api/plants/avail-nearby', access: 'public',
  input: availNearbyInput, output: nearbyPlants,
  summary: 'Available plants near latitude/longitude within radiusKm (default 25), nearest first, distances rounded to 1 km: { plants, radius_km }. Optional availability (swap | sale | free) and q (words, each starting a word of the plant\'s names, tags or text; case and accents folded) narrow it; the nearest 100 that match are answered.',
});

export const contentRecent = defineRoute({
  method: 'GET', path: '/api/content-items/recent', access: 'public',
  input: contentRecentQuery, output: contentPage,
  summary: 'Posts and plants merged, newest first, as the viewer may see them; filter = all | postsAll | plantsAll | plantsAvail | news: { contentItems, counts, cursorId }.',
});

export const contentMore = defineRoute({
  method: 'GET', path: '/api/content-items/more/{arg}', access: 'public',
  input: contentMoreParams, output: contentPage,
  summary: 'The next page of content items after arg (a cursor; filter in the query string): { contentItems, counts, cursorId }.',
});

export const forYou = defineRoute({
  method: 'GET', path: '/api/iam/posts/for-you', access: 'user',
  input: forYouQuery, output: forYouPage,
  summary: 'The member\'s "For you" feed: the posts and plants of the tags of their 10 most recently followed interests and the news of their 10 most recently joined pages, as they may see them, newest first, each once: { contentItems, cursorId, tags, pages } (cursorId in the query string).',
});
