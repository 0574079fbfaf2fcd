/**
 * A tag (T1): lower-cased unique name, all tags in one partition sorted by name (so prefix
 * autocomplete is one `begins_with` Query), a sparse index of parent tags (T1c) and a tag's
 * children under the parent (T1b). `usageCount` is kept by `ADD` when content uses or stops
 * using the tag; an unused tag may be removed (conditional delete on `usageCount = 0`).
 *
 * The two GSIs are sparse by their partition key: `childOf` and `parentsOf` are hidden mirrors
 * that are absent when the tag has no parent / is not a parent, so the item is not indexed there.
 */
import { Entity, type EntityItem } from 'electrodb';
import { SERVICE } from '../service-name';

/** The one partition of every tag (byName). */
export const TAGS_PK = 'tags';
/** The partition of the parents index (gsi2): every parent tag. */
export const TAG_PARENTS_PK = 'tags#parents';

/** The key of a tag's item, for raw writes and checks. */
export function tagKey(name: string): { pk: string; sk: string } {
  return { pk: TAGS_PK, sk: `tag#${name}` };
}

/** The partition of the children index (gsi1): a parent's children. */
export function tagChildrenPk(parentName: string): string {
  return `tagchildren#${parentName}`;
}

export const Tag = () => new Entity({
  model: { entity: 'tag', version: '1', service: SERVICE },
  attributes: {
    /** Normalised (trimmed, spaces collapsed, lower case): it is also the tag's id. */
    name: { type: 'string', required: true, readOnly: true },
    isParent: { type: 'boolean', required: true, default: false },
    parentName: { type: 'string' },
    usageCount: { type: 'number', required: true, default: 0 },
    /** The name shown (an admin's rename); the name stays the key of links and counters. Absent: the name. */
    label: { type: 'string' },
    description: { type: 'string' },
    /** A parent tag offered as a category when members choose their interests. */
    interestCategory: { type: 'boolean' },
    /** Parent tags: how many tags are under it, by `ADD` in each move (a parent with children stays a parent). */
    childCount: { type: 'number' },
    /** Set when an admin deleted the tag: its removal job (functions/cascades/tag-deletion.ts) is under way; no new use or interest lands. */
    deletingAt: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true, default: () => new Date().toISOString() },
    childOf: {
      type: 'string',
      hidden: true,
      watch: ['parentName'],
      set: (_: unknown, item: { parentName?: string }) => (item.parentName ? tagChildrenPk(item.parentName) : undefined),
    },
    parentsOf: {
      type: 'string',
      hidden: true,
      watch: ['isParent'],
      set: (_: unknown, item: { isParent?: boolean }) => (item.isParent ? TAG_PARENTS_PK : undefined),
    },
  },
  indexes: {
    byName: {
      pk: { field: 'pk', composite: [], template: 'tags', casing: 'none' },
      sk: { field: 'sk', composite: ['name'], template: 'tag#${name}', casing: 'none' },
    },
    /** Sparse: only tags with a parent, under `tagchildren#<parent>`, by name. */
    children: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['childOf'], template: '${childOf}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['name'], template: 'tag#${name}', casing: 'none' },
    },
    /** Sparse: only parent tags, under `tags#parents`, by name (parents-only autocomplete and list). */
    parents: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['parentsOf'], template: '${parentsOf}', casing: 'none' },
      sk: { field: 'gsi2sk', composite: ['name'], template: 'tag#${name}', casing: 'none' },
    },
  },
});

export type TagItem = EntityItem<ReturnType<typeof Tag>>;

/** The partition of `byName`, for the list's cursor check (functions/lib/paging.ts). */
export function allTagsPartition(): { field: string; value: string } {
  return { field: 'pk', value: TAGS_PK };
}

/** The partition of `parents` (gsi2), for the list's cursor check. */
export function parentTagsPartition(): { field: string; value: string } {
  return { field: 'gsi2pk', value: TAG_PARENTS_PK };
}
