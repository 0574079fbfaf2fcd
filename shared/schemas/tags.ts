/** Inputs and answers of the tag routes, used by the server's validation and the web's forms alike. */
import * as z from 'zod';
import { normaliseTagName, TAG_CHECK_MAX, TAG_NAME_MAX, TAG_NAME_PATTERN } from '../tag-rules';

export * from '../tag-rules';

const tagText = (what: string) =>
  z
    .string({ message: 'must be text' })
    .max(200, { message: `must be at most ${TAG_NAME_MAX} characters` })
    .transform(normaliseTagName)
    .refine((s) => s.length > 0, { message: 'is required' })
    .refine((s) => TAG_NAME_PATTERN.test(s), { message: `must be ${what} of 1-${TAG_NAME_MAX} letters, digits, spaces, - and _` });

export const tagName = tagText('a tag name');
const tagPrefix = tagText('a tag prefix');

export const newTagInput = z
  .object({
    tagName,
    isParent: z.boolean({ message: 'must be true or false' }).optional(),
    /** Kept for the spec's clients: the answer always carries the id. */
    returnAnId: z.boolean({ message: 'must be true or false' }).optional(),
  })
  .strict();

export const tagPrefixParams = z
  .object({
    prefix: tagPrefix,
    flag: z.enum(['true', 'false'], { message: 'must be true (parent tags only) or false (all tags)' }).transform((v) => v === 'true'),
  })
  .strict();

export const tagsAllParams = z
  .object({
    arg: z.enum(['all', 'parents'], { message: 'must be all or parents' }),
    cursorId: z.string({ message: 'must be text' }).max(1024, { message: 'must be at most 1024 characters' }).optional(),
  })
  .strict();

export const tagSingleParams = z
  .object({
    type: z.enum(['id', 'name'], { message: 'must be id or name' }),
    data: tagName,
  })
  .strict();

export const checkIfLastInput = z
  .object({
    tagIdArr: z.array(tagName, { message: 'must be a list of tag names' }).max(TAG_CHECK_MAX, { message: `must hold at most ${TAG_CHECK_MAX} tags` }),
  })
  .strict();

export type { TagView } from '../answers/tags';
