/** The feed counts a list answers with (C1): the whole site's, an owner's or a tag's, as the viewer may see them. */
import type { FeedCounts } from '../../shared/answers/feeds';
import { GLOBAL_SCOPE, ownerScope, tagScope } from '../db/items/feed-counter';
import { readCounts } from '../posts/counters';
import { ownerAudience } from '../posts/visibility';
import { type Viewer } from '../lib/session/viewer';

export function globalCounts(audience: 'public' | 'members'): Promise<FeedCounts> {
  return readCounts(GLOBAL_SCOPE, audience);
}

export function userCounts(ownerId: string, viewer: Viewer): Promise<FeedCounts> {
  return readCounts(ownerScope('user', ownerId), ownerAudience({ type: 'user', id: ownerId }, viewer));
}

export function tagCounts(tag: string, audience: 'public' | 'members'): Promise<FeedCounts> {
  return readCounts(tagScope(tag), audience);
}

/** A page's counts: its staff see its private posts too (the owner audience). */
export function pageCounts(pageId: string, audience: 'public' | 'members' | 'owner'): Promise<FeedCounts> {
  return readCounts(ownerScope('page', pageId), audience);
}

/** The counts of a list's owner (a user or a page) as the viewer may see them. */
export function ownerCounts(owner: { type: 'user' | 'page'; id: string }, viewer: Viewer): Promise<FeedCounts> {
  return owner.type === 'page' ? pageCounts(owner.id, viewer.member ? 'members' : 'public') : userCounts(owner.id, viewer);
}
