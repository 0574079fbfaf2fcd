/**
 * The tag tree (T1b, T1c): parent tags an admin made, and tags moved under them. A tag's name is
 * its key (of its links, counters and interests), so an admin's rename sets its `label` only.
 *
 * A change is one transaction: the tag's update (guarded on what was read of it), each moved tag's
 * (its old parent's `childCount` down, the new one's up), and checks that hold the tree still: the
 * new parent is a parent tag, and each of its ancestors still has the parent it was read with, so
 * two moves at once cannot close a cycle. A parent with children stays a parent (`childCount = 0`
 * is the condition of un-parenting).
 */
import type { TagNode, TagTree, TagView } from '../../shared/answers/tags';
import { TAG_BATCH_MAX } from '../../shared/schemas/tags';
import { TAG_PARENTS_PK, tagChildrenPk, tagKey, type TagItem } from '../db/entities/tag';
import { absent, and, eq, exists, or, type Condition } from '../db/condition';
import { db } from '../db/service';
import { named, writeItems, type TxItem } from '../db/transact';
import { conditionCheck, updateItem } from '../db/write';
import { badRequest, conflict, notFound, serviceUnavailable } from '../lib/errors';
import { tagChildren, toTag } from './tags';

/** A tag's children listed with it, at most. */
export const CHILDREN_LIMIT = 100;
/** Parent tags listed in a tree, at most. */
export const TREE_PARENTS_LIMIT = 50;
/** How deep the tree may be (a walk up from any tag ends within this many steps). */
export const TREE_DEPTH_MAX = 8;
const ATTEMPTS = 4;

export interface TagChange {
  name: string;
  label?: string;
  description?: string;
  parentName?: string | null;
  isParent?: boolean;
  interestCategory?: boolean;
  children?: string[];
}

async function readTags(names: string[]): Promise<Map<string, TagItem>> {
  const found = await Promise.all([...new Set(names)].map(async (name) => (await db().entities.tag.get({ name }).go({ consistent: true })).data as TagItem | null));
  return new Map(found.filter((t): t is TagItem => !!t).map((t) => [t.name, t]));
}

/** The tag and its ancestors, nearest first (each read once); 409 past the depth the tree allows. */
async function ancestry(start: TagItem): Promise<TagItem[]> {
  const chain = [start];
  let at = start;
  while (at.parentName) {
    if (chain.length > TREE_DEPTH_MAX) throw conflict(`The tag tree may be at most ${TREE_DEPTH_MAX} levels deep`, 'tagDetails.parentName');
    const up = (await db().entities.tag.get({ name: at.parentName }).go({ consistent: true })).data as TagItem | null;
    if (!up) break;
    chain.push(up);
    at = up;
  }
  return chain;
}

interface Edit {
  set: Record<string, unknown>;
  remove: string[];
  add: number;
  conditions: Condition[];
  name?: string;
}

/** The edits of one transaction, one per tag (a transaction touches an item once). */
class Edits {
  private readonly byName = new Map<string, Edit>();
  of(name: string): Edit {
    let e = this.byName.get(name);
    if (!e) this.byName.set(name, (e = { set: {}, remove: [], add: 0, conditions: [exists()] }));
    return e;
  }
  /** Moves `tag` from where it was read to under `to` (null: the top). */
  move(tag: TagItem, to: string | null): void {
    const from = tag.parentName ?? null;
    if (from === to) return;
    const e = this.of(tag.name);
    e.conditions.push(from ? eq('parentName', from) : absent('parentName'), absent('deletingAt'));
    if (to) Object.assign(e.set, { parentName: to, childOf: tagChildrenPk(to), gsi1pk: tagChildrenPk(to), gsi1sk: `tag#${tag.name}` });
    else e.remove.push('parentName', 'childOf', 'gsi1pk', 'gsi1sk');
    if (from) this.of(from).add -= 1;
    if (to) {
      const p = this.of(to);
      p.add += 1;
      p.conditions.push(eq('isParent', true), absent('deletingAt'));
      p.name = 'parent';
    }
  }
  items(): TxItem[] {
    return [...this.byName.entries()].map(([name, e]) => {
      const item = updateItem({
        key: tagKey(name),
        set: Object.keys(e.set).length || e.remove.length || e.add ? e.set : { name },
        remove: e.remove,
        add: e.add ? { childCount: e.add } : {},
        condition: and(...e.conditions),
      });
      return e.name ? named(e.name, item) : item;
    });
  }
}

const ancestorChecks = (chain: TagItem[]): TxItem[] =>
  chain.map((t) => conditionCheck(tagKey(t.name), t.parentName ? eq('parentName', t.parentName) : absent('parentName')));

/** Applies an admin's change to a tag (and the tags it takes in) in one transaction. */
export async function updateTag(change: TagChange): Promise<TagNode> {
  const children = [...new Set(change.children ?? [])];
  if (children.length > TAG_BATCH_MAX) throw badRequest(`must hold at most ${TAG_BATCH_MAX} tag names`, 'tagGroupBody.children');
  if (children.includes(change.name)) throw conflict('A tag cannot be its own child', 'tagGroupBody.children');
  if (change.parentName === change.name) throw conflict('A tag cannot be its own parent', 'tagDetails.parentName');
  if (change.parentName && children.includes(change.parentName)) throw conflict('This move would make a cycle: the parent would be under this tag', 'tagDetails.parentName');
  for (let attempt = 1; ; attempt++) {
    const read = await readTags([change.name, ...children, ...(change.parentName ? [change.parentName] : [])]);
    const tag = read.get(change.name);
    if (!tag) throw notFound('No such tag', 'tagDetails.name');
    if (tag.deletingAt) throw conflict('This tag is being deleted', 'tagDetails.name');
    const missing = children.find((c) => !read.get(c));
    if (missing) throw notFound(`No such tag: ${missing}`, 'tagGroupBody.children');
    const deleting = children.find((c) => read.get(c)!.deletingAt);
    if (deleting) throw conflict(`The tag ${deleting} is being deleted`, 'tagGroupBody.children');
    const isParent = change.isParent ?? tag.isParent ?? false;
    if (!isParent && (tag.childCount ?? 0) > 0) throw conflict('A tag with children stays a parent: move its children first', 'tagDetails.isParent');
    if (!isParent && children.length) throw badRequest('Only a parent tag takes children', 'tagGroupBody.children');
    if (change.interestCategory && !isParent) throw badRequest('Only a parent tag can be an interest category', 'tagDetails.interestCategory');

    const edits = new Edits();
    let checks: TxItem[] = [];
    const own = edits.of(tag.name);
    own.conditions.push(absent('deletingAt'));
    if (change.parentName) {
      // The new parent: a parent tag, and not under this tag (walking up from it never meets it).
      const parent = read.get(change.parentName);
      if (!parent) throw notFound('No such parent tag', 'tagDetails.parentName');
      if (!parent.isParent) throw badRequest('The parent must be a parent tag', 'tagDetails.parentName');
      const chain = await ancestry(parent);
      if (chain.some((t) => t.name === change.name)) throw conflict('This move would make a cycle: the parent is under this tag', 'tagDetails.parentName');
      if (chain.length >= TREE_DEPTH_MAX) throw conflict(`The tag tree may be at most ${TREE_DEPTH_MAX} levels deep`, 'tagDetails.parentName');
      checks = ancestorChecks(chain.slice(1));
    }
    if (change.parentName !== undefined) edits.move(tag, change.parentName);
    if (children.length) {
      // Children taken in: none of them may be above this tag.
      const chain = await ancestry(tag);
      const cyclic = children.find((c) => chain.some((t) => t.name === c));
      if (cyclic) throw conflict(`This move would make a cycle: ${cyclic} is above this tag`, 'tagGroupBody.children');
      checks = [...checks, ...ancestorChecks(chain.slice(1).filter((t) => !children.includes(t.name)))];
      for (const c of children) edits.move(read.get(c)!, tag.name);
      // Taken in under the parent as read (an un-parenting meanwhile cancels this and is read again).
      own.conditions.push(tag.isParent ? eq('isParent', true) : or(absent('isParent'), eq('isParent', false)));
    }
    if (change.label !== undefined) {
      if (change.label) own.set.label = change.label;
      else own.remove.push('label');
    }
    if (change.description !== undefined) {
      if (change.description) own.set.description = change.description;
      else own.remove.push('description');
    }
    if (isParent !== (tag.isParent ?? false)) {
      own.set.isParent = isParent;
      if (isParent) Object.assign(own.set, { parentsOf: TAG_PARENTS_PK, gsi2pk: TAG_PARENTS_PK, gsi2sk: `tag#${tag.name}` });
      else {
        own.remove.push('parentsOf', 'gsi2pk', 'gsi2sk', 'interestCategory');
        own.conditions.push(or(absent('childCount'), eq('childCount', 0)));
      }
    }
    if (change.interestCategory !== undefined && isParent) own.set.interestCategory = change.interestCategory;
    const items = [...edits.items(), ...checks];
    if (items.length > 100) throw badRequest('Too many changes at once', 'tagGroupBody.children');
    const out = await writeItems(items);
    if (!out.canceled) return tagNodeOf(tag.name);
    if (attempt >= ATTEMPTS) throw serviceUnavailable('The tags changed meanwhile; please try again');
  }
}

/** A tag with its first children by name; 404 when there is none. */
export async function tagNodeOf(name: string, consistent = true): Promise<TagNode> {
  const [{ data }, children] = await Promise.all([db().entities.tag.get({ name }).go({ consistent }), tagChildren(name, CHILDREN_LIMIT + 1)]);
  if (!data) throw notFound('No such tag');
  return { tag: toTag(data as TagItem), children: children.slice(0, CHILDREN_LIMIT), moreChildren: children.length > CHILDREN_LIMIT };
}

/** Every parent tag (or the interest categories) with its children: one Query of the parents, then one per parent in parallel. */
export async function tagTree(which: 'parents' | 'categories'): Promise<TagTree> {
  const tag = db().entities.tag;
  // The categories are few among the parents: read the parents' index and keep the flagged ones.
  const { data } = await tag.query.parents({ parentsOf: TAG_PARENTS_PK }).go({ limit: which === 'parents' ? TREE_PARENTS_LIMIT + 1 : 500 });
  const parents = (data as TagItem[]).filter((t) => !t.deletingAt && (which === 'parents' || t.interestCategory));
  const shown = parents.slice(0, TREE_PARENTS_LIMIT);
  const nodes = await Promise.all(
    shown.map(async (p) => {
      const kids = await tagChildren(p.name, CHILDREN_LIMIT + 1);
      return { tag: toTag(p), children: kids.filter((k) => !k.deleting).slice(0, CHILDREN_LIMIT), moreChildren: kids.length > CHILDREN_LIMIT };
    }),
  );
  return { tags: nodes, more: parents.length > TREE_PARENTS_LIMIT };
}

export type { TagView };
