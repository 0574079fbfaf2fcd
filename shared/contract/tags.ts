/** The tags routes' contract. */
import { removedTags, tagList, tagPage, tagView } from '../answers/tags';
import { checkIfLastInput, newTagInput, tagPrefixParams, tagSingleParams, tagsAllParams } from '../schemas/tags';
import { defineRoute } from './route';

export const newTag = defineRoute({
  method: 'POST', path: '/api/iam/tags/new', access: 'registered', status: 201, idempotent: true,
  input: newTagInput, output: tagView,
  summary: 'Create a tag on first use (name trimmed, spaces collapsed, lower case; it is also the id): 201 with { id, name, isParent, … }; an existing tag answers 200 as it is. returnAnId is accepted; the id is always returned.',
});

export const prefix = defineRoute({
  method: 'GET', path: '/api/iam/tags/prefix/{prefix}/{flag}', access: 'user',
  input: tagPrefixParams, output: tagList,
  summary: 'Autocomplete: { tags } whose name starts with prefix, up to 20 by name; flag = true for parent tags only, false for all tags.',
});

export const allTags = defineRoute({
  method: 'GET', path: '/api/iam/tags/all/{arg}', access: 'user',
  input: tagsAllParams, output: tagPage,
  summary: 'Tags sorted by name, cursor paged: { tags, cursorId }; arg = all (every tag) or parents (parent tags only).',
});

export const getSingle = defineRoute({
  method: 'GET', path: '/api/iam/tags/get-single/{type}/{data}', access: 'user',
  input: tagSingleParams, output: tagView,
  errors: { 404: 'no such tag' },
  summary: 'One tag: type = id or name (a tag\'s id is its name), data = the id or name; 404 when there is none.',
});

export const checkIfLast = defineRoute({
  method: 'PUT', path: '/api/iam/tags/check-if-last', access: 'registered',
  input: checkIfLastInput, output: removedTags,
  summary: 'Remove each listed tag (tagIdArr, at most 50) that no content uses any more (usageCount 0, checked in the delete itself): { removed }.',
});
