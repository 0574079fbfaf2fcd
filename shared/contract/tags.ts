/** The tags routes' contract. */
import { interestsChange, removedTags, tagDeletion, tagList, tagNode, tagPage, tagTree, tagView, userInterests } from '../answers/tags';
import { noInput } from '../schemas/common';
import { checkIfLastInput, INTERESTS_MAX, interestsInput, newTagInput, tagAndChildrenParams, tagNameParams, tagPrefixParams, tagSingleParams, tagsAllParams, tagsAndChildrenParams, tagUpdateInput, userInterestsParams } from '../schemas/tags';
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

export const updateTag = defineRoute({
  method: 'PUT', path: '/api/iam/tags/update', access: 'admin',
  input: tagUpdateInput, output: tagNode,
  errors: { 404: 'no such tag (the tag, its new parent or a listed child)', 409: 'the change would make a cycle, un-parent a tag with children, or the tag is being deleted' },
  summary: 'Shape the tag tree: { tagDetails: { name, label?, description?, parentName? (a parent tag, or null for the top), isParent?, interestCategory? (parent tags only) }, tagGroupBody?: { children: [names] } (put them under this tag, at most 25) }. The name is the key and never changes (label is what is shown; an empty label shows the name). A parent must be a parent tag; no cycles; a tag with children stays a parent. One transaction: { tag, children, moreChildren }.',
});

export const deleteTag = defineRoute({
  method: 'DELETE', path: '/api/iam/tags/{name}', access: 'admin',
  input: tagNameParams, output: tagDeletion,
  errors: { 404: 'no such tag', 409: 'the tag still has children' },
  summary: 'Delete a tag: it is taken off every post and plant (public or for members; their place in every feed is kept) and page, with its interests and feed counts, by a resumable job; the tag itself goes last. { name, posts (how many carried it), done }. Again while under way: answers the same and resumes.',
});

export const tagAndChildren = defineRoute({
  method: 'GET', path: '/api/iam/tags/get-tag-n-children/{type}/{data}', access: 'user',
  input: tagAndChildrenParams, output: tagNode,
  errors: { 404: 'no such tag' },
  summary: 'A tag (type = id or name; the id is the name) with its children by name (the first 100): { tag, children, moreChildren }.',
});

export const tagsAndChildren = defineRoute({
  method: 'GET', path: '/api/iam/tags/get-tags-n-children/{id}', access: 'user',
  input: tagsAndChildrenParams, output: tagTree,
  errors: { 404: 'no such tag' },
  summary: 'Tags with their children: id = parents (every parent tag, the tree), categories (the interest categories) or a tag name (that tag alone): { tags: [{ tag, children, moreChildren }], more } (the first 50 parents by name).',
});

export const interestCatTags = defineRoute({
  method: 'GET', path: '/api/iam/tags/interest-cat-tags', access: 'user',
  input: noInput, output: tagTree,
  summary: 'The parent tags flagged as interest categories, each with its children: { tags: [{ tag, children, moreChildren }], more }.',
});

export const newInterests = defineRoute({
  method: 'POST', path: '/api/iam/tags/new-interests', access: 'registered',
  input: interestsInput, output: interestsChange,
  errors: { 404: 'a listed tag does not exist', 409: 'past the most interests a member may hold, or a tag is being deleted' },
  summary: `Follow tags: { tagIdArr (1-25 names), interestType: grow | swap | learn }. Idempotent (a tag already followed so is left as it is). A member holds at most ${INTERESTS_MAX} interests. { changed, count }.`,
});

export const deleteInterests = defineRoute({
  method: 'DELETE', path: '/api/iam/tags/delete-interests', access: 'user',
  input: interestsInput, output: interestsChange,
  summary: 'Stop following tags: { tagIdArr, interestType }. Idempotent. { changed, count }.',
});

export const userInterestsOf = defineRoute({
  method: 'GET', path: '/api/iam/tags/user-interests/{id}', access: 'user',
  input: userInterestsParams, output: userInterests,
  errors: { 404: 'no such member (or one whose profile is not shown)' },
  summary: 'A member\'s interests, most recently followed first: { interests: [{ tag, interestType, followedAt }], max }. One\'s own always; another member\'s as their profile is shown (none for a suspended member; 404 where the profile is).',
});
