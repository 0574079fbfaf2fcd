/** Inputs and answers of the tag routes, used by the server's validation and the web's forms alike. */
import * as z from 'zod/mini';
import { INTEREST_TYPES, normaliseTagName, TAG_BATCH_MAX, TAG_CHECK_MAX, TAG_DESCRIPTION_MAX, TAG_LABEL_MAX, TAG_NAME_MAX, TAG_NAME_PATTERN } from '../tag-rules';
import { cursor, uuid } from './common';
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

export type { TagView, TagNode, InterestView, UserInterests, TagDeletion } from '../answers/tags';

const boolField = z.boolean({ message: 'must be true or false' });
const tagNames = (what: string) =>
  z.array(tagName, { message: `must be a list of ${what}` }).check(
    z.minLength(1, { message: `must name at least one ${what.replace(/s$/, '')}` }),
    z.maxLength(TAG_BATCH_MAX, { message: `must hold at most ${TAG_BATCH_MAX} ${what}` }),
  );

/**
 * PUT /api/iam/tags/update. `tagDetails` names the tag (`name`, its key: never changed) and what
 * changes, each field optional: `label` (the shown name; empty: the name again), `description`,
 * `parentName` (a parent tag to move it under; null: to the top), `isParent`, `interestCategory`
 * (parent tags only). `tagGroupBody.children`: tags to put under this tag (it must be, or become, a parent).
 */
export const tagUpdateInput = z.strictObject({
  tagDetails: z.strictObject(
    {
      name: tagName,
      label: z.optional(
        z.pipe(z.string({ message: 'must be text' }), z.transform((s: string) => s.trim().replace(/\s+/g, ' '))).check(
          z.maxLength(TAG_LABEL_MAX, { message: `must be at most ${TAG_LABEL_MAX} characters` }),
        ),
      ),
      description: z.optional(
        z.pipe(z.string({ message: 'must be text' }), z.transform((s: string) => s.trim())).check(
          z.maxLength(TAG_DESCRIPTION_MAX, { message: `must be at most ${TAG_DESCRIPTION_MAX} characters` }),
        ),
      ),
      parentName: z.optional(z.nullable(tagName)),
      isParent: z.optional(boolField),
      interestCategory: z.optional(boolField),
    },
    { message: 'must be an object naming the tag' },
  ),
  tagGroupBody: z.optional(z.strictObject({ children: tagNames('tag names') }, { message: 'must be an object' })),
});

export const tagNameParams = z.strictObject({ name: tagName });

export const tagAndChildrenParams = tagSingleParams;
export const tagsAndChildrenParams = z.strictObject({
  id: z.union([z.literal('parents'), z.literal('categories'), tagName], { message: 'must be parents, categories or a tag name' }),
});

export const interestsInput = z.strictObject({
  tagIdArr: tagNames('tag names'),
  interestType: z.enum(INTEREST_TYPES, { message: `must be one of ${INTEREST_TYPES.join(', ')}` }),
});

export const userInterestsParams = z.strictObject({ id: uuid });
