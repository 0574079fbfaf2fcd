/**
 * What a `changed` frame makes an open screen read again: the queries whose answers show that
 * event, page or thread. Invalidating marks them stale; only those on screen refetch.
 */
import type { Query } from '@tanstack/react-query';
import type { ServerFrame } from '@shared/realtime';

type Changed = Extract<ServerFrame, { type: 'changed' }>['data'];

/** Whether `query` shows what the frame says changed. */
export function showsChanged({ kind, id }: Changed, query: Pick<Query, 'queryKey'>): boolean {
  const [root, sub, a, b] = query.queryKey as readonly unknown[];
  switch (kind) {
    // An event by its randomId: its page and a date's attendees.
    case 'event':
      return root === 'events' && ((sub === 'one' && b === id) || (sub === 'attendees' && a === id));
    // A page's details are keyed by handle, the frame names its id: every page query (a few at most on screen).
    case 'page':
      return root === 'pages';
    // A post's or plant's screen, which holds its thread.
    case 'thread':
      return root === 'content' && (a === 'post' || a === 'plant') && b === id.toLowerCase();
    default:
      return false;
  }
}
