/**
 * The sources of post lists (P2–P4). A source is one Query of the sparse index that holds exactly
 * what its audience may see, newest first, before a bound (the position of the last item shown);
 * nothing is filtered after reading, so a page is never short. Every list sorts by the same key
 * (`<updatedAt>#<id>`), so a page can merge several sources under one bound.
 */
import type { OwnerRef } from '../db/entities/owner';
import { postKey, type ListPosition, type PostItem } from '../db/entities/post';
import { db } from '../db/service';
import { sees, type Audience } from '../posts/counters';
import { cardKeys, cardsOf, type PostCards } from '../posts/post-views';
import { canSee, ownerAudience } from '../posts/visibility';
import { type Viewer } from '../lib/session/viewer';
import { usersAnd } from '../users/cards';

/** What a source read: the items, and the cards of those it read with their owners and the viewer's reactions. */
export interface SourcePage {
  items: PostItem[];
  cards?: PostCards;
}

/** One source of a list: the items before `bound`, newest first, at most `limit`. */
export type Source = (bound: ListPosition | null, limit: number) => Promise<SourcePage>;

interface QueryOptions {
  order: 'desc';
  limit: number;
}

/** An ElectroDB query of an index sorted by list position (every post index but the geo ones). */
interface SortedQuery<T> {
  go(options: QueryOptions): Promise<{ data: T[] }>;
  lt(bound: ListPosition): { go(options: QueryOptions): Promise<{ data: T[] }> };
}

async function before<T>(query: SortedQuery<T>, bound: ListPosition | null, limit: number): Promise<T[]> {
  const options: QueryOptions = { order: 'desc', limit };
  const { data } = bound ? await query.lt(bound).go(options) : await query.go(options);
  return data;
}

function run(query: () => SortedQuery<PostItem>): Source {
  return async (bound, limit) => ({ items: await before(query(), bound, limit) });
}

const q = () => db().entities.post.query;

/** Recent posts or plants of everyone, as an audience sees them. */
export function recentSource(kind: 'post' | 'plant', audience: 'public' | 'members'): Source {
  return run(() => (audience === 'public' ? q().feedPublic({ kind }) : q().feedMembers({ kind })));
}

export function availableSource(audience: 'public' | 'members'): Source {
  return run(() => (audience === 'public' ? q().availPublic({}) : q().availMembers({})));
}

export function newsSource(audience: 'public' | 'members'): Source {
  return run(() => (audience === 'public' ? q().newsPublic({}) : q().newsMembers({})));
}

/** An owner's posts or plants (a member's or a page's: the owner's kind is part of the key). */
export function ownerSource(owner: OwnerRef, kind: 'post' | 'plant', audience: Audience): Source {
  const key = { ownerType: owner.type, ownerId: owner.id, kind };
  return run(() => (audience === 'owner' ? q().ownerAll(key) : audience === 'members' ? q().ownerMembers(key) : q().ownerPublic(key)));
}

export function ownerAvailableSource(owner: OwnerRef, audience: Audience): Source {
  const key = { ownerType: owner.type, ownerId: owner.id };
  return run(() => (audience === 'owner' ? q().ownerAvail(key) : audience === 'members' ? q().ownerAvailMembers(key) : q().ownerAvailPublic(key)));
}

/** An owner's plants, all or only the available ones, as the viewer may see them. */
export function plantSource(owner: OwnerRef, filter: 'plantsAll' | 'plantsAvail', viewer: Viewer): Source {
  const audience = ownerAudience(owner, viewer);
  return filter === 'plantsAvail' ? ownerAvailableSource(owner, audience) : ownerSource(owner, 'plant', audience);
}

/** The sources of the home feed's filters. */
export function contentSources(filter: 'all' | 'postsAll' | 'plantsAll' | 'plantsAvail' | 'news', audience: 'public' | 'members'): Source[] {
  switch (filter) {
    case 'postsAll':
      return [recentSource('post', audience)];
    case 'plantsAll':
      return [recentSource('plant', audience)];
    case 'plantsAvail':
      return [availableSource(audience)];
    case 'news':
      return [newsSource(audience)];
    default:
      return [recentSource('post', audience), recentSource('plant', audience)];
  }
}

/**
 * A tag's posts: link items, then one BatchGet of the posts together with their owners and the
 * viewer's reactions (the links carry the owner ids), so the page's cards come with its items.
 */
export function tagSource(tag: string, audience: 'public' | 'members', viewer: Viewer): Source {
  return async (bound, limit) => {
    const links = await before(db().entities.tagLink.query.byTag({ tag, audience }), bound, limit);
    if (!links.length) return { items: [] };
    const cards = cardKeys(links.map((l) => ({ id: l.id, ownerId: l.ownerId, ownerType: l.ownerType ?? 'user' })), viewer);
    const { users, others } = await usersAnd(cards.users, [...links.map((l) => postKey(l.id)), ...cards.extra]);
    const posts = new Map(db().entities.post.parse({ Items: others.filter((i) => i.__edb_e__ === 'post') }, { ignoreOwnership: false }).data.map((p) => [p.id, p]));
    // A post changed between the two reads (now private, or moved) is left out, not shown stale.
    const found = links
      .filter((l) => {
        const p = posts.get(l.id);
        return !!p && p.updatedAt === l.updatedAt && sees(audience, p.privacy) && canSee(p, viewer);
      })
      .map((l) => posts.get(l.id)!);
    return { items: found, cards: cardsOf(found, users, others, viewer) };
  };
}
