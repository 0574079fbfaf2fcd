/** Inputs and answers of the tag routes, used by the server's validation and the web's forms alike. */
import * as z from 'zod/mini';
import { normaliseTagName, TAG_CHECK_MAX, TAG_NAME_MAX, TAG_NAME_PATTERN } from '../tag-rules';
import { cursor } from './common';
import './locale';

export * from '../tag-rules';

const tagText = (what: string) =>
  z
    .pipe(z.string({ message: 'must be text' }).check(z.maxLength(200, { message: `must be at most ${TAG_NAME_MAX} characters` })), z.transform(normaliseTagName))
    .check(
      z.refine((s) => s.length > 0, { message: 'is required' }),
      z.refine((s) => TAG_NAME_PATTERN.test(s), { message: `must be ${what} of 1-${TAG_NAME_MAX} letters, digits, spaces, - and _` }),
    );

export const tagName = tagText('a tag name');
const tagPrefix = tagText('a tag prefix');

export const newTagInput = z.strictObject({
  tagName,
  isParent: z.optional(z.boolean({ message: 'must be true or false' })),
  /** Accepted for compatibility with clients that send it; the answer always carries the id. */
  returnAnId: z.optional(z.boolean({ message: 'must be true or false' })),
});

export const tagPrefixParams = z.strictObject({
  prefix: tagPrefix,
  flag: z.pipe(
    z.enum(['true', 'false'], { message: 'must be true (parent tags only) or false (all tags)' }),
    z.transform((v: 'true' | 'false') => v === 'true'),
  ),
});

export const tagsAllParams = z.strictObject({
  arg: z.enum(['all', 'parents'], { message: 'must be all or parents' }),
  cursorId: z.optional(cursor),
});

export const tagSingleParams = z.strictObject({
  type: z.enum(['id', 'name'], { message: 'must be id or name' }),
  data: tagName,
});

export const checkIfLastInput = z.strictObject({
  tagIdArr: z.array(tagName, { message: 'must be a list of tag names' }).check(z.maxLength(TAG_CHECK_MAX, { message: `must hold at most ${TAG_CHECK_MAX} tags` })),
});

export type { TagView } from '../answers/tags';
