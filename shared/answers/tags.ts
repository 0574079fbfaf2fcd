/** What the tag routes answer (the `data` of the success envelope). */
import * as z from 'zod';

/** A tag as every tag route answers it. */
export const tagView = z.strictObject({
  id: z.string().describe('The tag\'s id: its normalised name (the same as name)'),
  name: z.string().describe('Normalised: trimmed, spaces collapsed, lower case'),
  isParent: z.boolean().describe('A parent tag (made by an admin) that shapes the tag tree'),
  parentName: z.string().nullable().describe('The parent tag\'s name, null for a tag without a parent'),
  usageCount: z.number().int().describe('How many pieces of content use the tag'),
  createdAt: z.string(),
  label: z.string().describe('The name shown: an admin\'s label, or the name'),
  description: z.string().nullable(),
  interestCategory: z.boolean().describe('A parent tag offered as a category of interests'),
  childCount: z.number().int().describe('Parent tags: how many tags are under it'),
  deleting: z.boolean().describe('An admin deleted it; its removal is under way'),
});
export type TagView = z.output<typeof tagView>;

/** A list of tags (autocomplete). */
export const tagList = z.strictObject({ tags: z.array(tagView) });
export type TagList = z.output<typeof tagList>;

/** One page of tags by name. */
export const tagPage = z.strictObject({
  tags: z.array(tagView),
  cursorId: z.string().nullable().describe('Pass it back as cursorId for the next page; null on the last page'),
});
export type TagPage = z.output<typeof tagPage>;

/** check-if-last: the tags that were removed. */
export const removedTags = z.strictObject({
  removed: z.array(z.string()).describe('The names (ids) of the listed tags that no content used and were removed'),
});
export type RemovedTags = z.output<typeof removedTags>;

/** A tag with its children (by name). */
export const tagNode = z.strictObject({
  tag: tagView,
  children: z.array(tagView),
  moreChildren: z.boolean().describe('More children than listed (the first 100 by name are)'),
});
export type TagNode = z.output<typeof tagNode>;

/** Tags with their children: the tree's parents, or the interest categories. */
export const tagTree = z.strictObject({
  tags: z.array(tagNode),
  more: z.boolean().describe('More parent tags than listed (the first 50 by name are)'),
});
export type TagTree = z.output<typeof tagTree>;

/** DELETE /api/iam/tags/{name}: the removal started (or done). */
export const tagDeletion = z.strictObject({
  name: z.string(),
  posts: z.number().int().describe('How many posts and plants (public or for members) carried the tag when the removal started'),
  done: z.boolean().describe('Whether the removal finished within the request (locally); otherwise it continues in the background'),
});
export type TagDeletion = z.output<typeof tagDeletion>;

/** One interest of a member. */
export const interestView = z.strictObject({
  tag: tagView,
  interestType: z.enum(['grow', 'swap', 'learn']),
  followedAt: z.string(),
});
export type InterestView = z.output<typeof interestView>;

/** A member's interests, most recently followed first. */
export const userInterests = z.strictObject({
  interests: z.array(interestView),
  max: z.number().int().describe('How many interests a member may hold'),
});
export type UserInterests = z.output<typeof userInterests>;

/** new-interests / delete-interests: what changed. */
export const interestsChange = z.strictObject({
  changed: z.array(z.string()).describe('The tags whose interest was added (or removed) by this call; the others were already so'),
  count: z.number().int().describe('How many interests the member now holds'),
});
export type InterestsChange = z.output<typeof interestsChange>;
