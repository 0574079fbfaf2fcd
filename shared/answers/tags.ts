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
