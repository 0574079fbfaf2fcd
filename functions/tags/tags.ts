/**
 * Tags (T1): one partition `tags` sorted by name, a sparse parents index and children under the
 * parent. Content that uses a tag ADDs to its usageCount (useTags / tagUsageItems) and releases
 * it when it stops (releaseTags); check-if-last removes tags whose count is 0 with a conditional
 * delete, so a use that lands meanwhile is never lost.
 */
import type { TagView } from '../../shared/answers/tags';
import { normaliseTagName } from '../../shared/schemas/tags';
import { allTagsPartition, parentTagsPartition, TAG_PARENTS_PK, tagChildrenPk, type TagItem } from '../db/entities/tag';
import { db } from '../db/service';
import { isConditionFailure, txEntities, writeItems } from '../db/transact';
import { PAGE_SIZE } from '../../shared/constants';
import { onePage, type Page } from '../lib/paging';

/** Autocomplete answers at most this many tags. */
export const PREFIX_LIMIT = 20;


export function toTag(item: TagItem): TagView {
  return {
    id: item.name,
    name: item.name,
    isParent: item.isParent ?? false,
    parentName: item.parentName ?? null,
    usageCount: item.usageCount ?? 0,
    createdAt: item.createdAt,
    label: item.label || item.name,
    description: item.description || null,
    interestCategory: !!item.isParent && item.interestCategory === true,
    childCount: item.childCount ?? 0,
    deleting: !!item.deletingAt,
  };
}

/** Distinct normalised names, in the order given. */
function distinct(names: string[]): string[] {
  return [...new Set(names.map(normaliseTagName))];
}

export async function findTag(name: string): Promise<TagView | null> {
  const { data } = await db().entities.tag.get({ name }).go();
  return data ? toTag(data) : null;
}

/** Creates the tag on first use; an existing tag is answered as it is (`created: false`). */
export async function createTag(name: string, isParent: boolean): Promise<{ tag: TagView; created: boolean }> {
  try {
    const { data } = await db().entities.tag.create({ name, isParent }).go();
    return { tag: toTag(data as TagItem), created: true };
  } catch (err) {
    if (!isConditionFailure(err)) throw err;
  }
  const existing = await findTag(name);
  if (existing) return { tag: existing, created: false };
  // Removed by check-if-last between the two calls: create it again.
  return createTag(name, isParent);
}

/** Autocomplete: up to 20 tags (or parent tags) whose name starts with the prefix, by name. One Query. */
export async function tagsByPrefix(prefix: string, parentsOnly: boolean): Promise<TagView[]> {
  const tag = db().entities.tag;
  const { data } = parentsOnly
    ? await tag.query.parents({ parentsOf: TAG_PARENTS_PK }).begins({ name: prefix }).go({ limit: PREFIX_LIMIT })
    : await tag.query.byName({}).begins({ name: prefix }).go({ limit: PREFIX_LIMIT });
  return data.map(toTag);
}

/** All tags (or all parent tags) by name: one Query per page. */
export async function allTags(which: 'all' | 'parents', cursorId: string | undefined): Promise<Page<TagView>> {
  const tag = db().entities.tag;
  const page =
    which === 'parents'
      ? await onePage(cursorId, parentTagsPartition(), (cursor) => tag.query.parents({ parentsOf: TAG_PARENTS_PK }).go({ cursor, limit: PAGE_SIZE }))
      : await onePage(cursorId, allTagsPartition(), (cursor) => tag.query.byName({}).go({ cursor, limit: PAGE_SIZE }));
  return { items: page.items.map(toTag), cursorId: page.cursorId };
}

/** A parent's children by name (T1b), first page; for the tag-and-children routes. */
export async function tagChildren(parentName: string, limit = PAGE_SIZE): Promise<TagView[]> {
  const { data } = await db().entities.tag.query.children({ childOf: tagChildrenPk(parentName) }).go({ limit });
  return data.map(toTag);
}

/**
 * Transaction items that ADD `delta` to each tag's usageCount (the tags must exist: the item's
 * condition fails otherwise), for a content write to put in its own transaction. Releasing
 * (delta < 0) is conditioned on the count staying ≥ 0.
 */
export function tagUsageItems(names: string[], delta: 1 | -1) {
  const { tag } = txEntities();
  return distinct(names).map((name) =>
    delta > 0
      ? // A tag an admin deleted takes no new use while its removal runs (the write reads it again and is refused).
        tag.patch({ name }).add({ usageCount: 1 }).where((a, op) => op.notExists(a.deletingAt)).commit()
      : tag.patch({ name }).subtract({ usageCount: 1 }).where((a, op) => op.gt(a.usageCount, 0)).commit(),
  );
}

/** Creates the tags that do not exist yet (idempotent). */
export async function ensureTags(names: string[]): Promise<void> {
  await Promise.all(distinct(names).map((name) => createTag(name, false)));
}

/** Content now uses these tags: each count +1 in one transaction (tags created on first use). */
export async function useTags(names: string[]): Promise<void> {
  if (!names.length) return;
  for (let attempt = 0; ; attempt++) {
    await ensureTags(names);
    const out = await writeItems(tagUsageItems(names, 1));
    if (!out.canceled) return;
    // A tag was removed as unused between ensure and use: make it again (a few times at most).
    if (attempt >= 3) throw new Error(`tag use cancelled: ${JSON.stringify(out.data)}`);
  }
}

/** Content no longer uses these tags: each count -1 (never below 0), in one transaction. */
export async function releaseTags(names: string[]): Promise<void> {
  if (!names.length) return;
  const out = await writeItems(tagUsageItems(names, -1));
  if (out.canceled) throw new Error(`tag release cancelled: ${JSON.stringify(out.data)}`);
}

/**
 * Removes each listed tag whose usageCount is 0; a tag in use (or gone) stays as it is, and so
 * does any tag the admins shaped (a parent, a child placed under one, a tag given a label or a
 * description: the tag tree, used or not) and a tag whose removal an admin started (its job
 * finishes it). Any member may call this, so only a bare, unused tag goes.
 */
export async function removeUnusedTags(names: string[]): Promise<string[]> {
  const removed = await Promise.all(
    distinct(names).map(async (name) => {
      try {
        await db()
          .entities.tag.delete({ name })
          .where(
            (a, op) =>
              `${op.eq(a.usageCount, 0)} AND ${op.ne(a.isParent, true)} AND ${op.notExists(a.parentName)} AND ${op.notExists(a.deletingAt)} AND ${op.notExists(a.label)} AND ${op.notExists(a.description)}`,
          )
          .go();
        return name;
      } catch (err) {
        if (isConditionFailure(err)) return null;
        throw err;
      }
    }),
  );
  return removed.filter((n): n is string => n !== null);
}
