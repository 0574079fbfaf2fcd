/**
 * The list behind the bell (loaded on first open): newest first with "Load more", each one in
 * words with a link to what it is about, and a link to the notifications screen (where following
 * one marks only that one). Opening it marks them all seen (the one `seen` flag of the spec):
 * those that were new keep their "New" look while it stays open.
 */
import { LoadMore } from '@/components/load-more';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import type { NotificationView } from '@shared/answers/notifications';
import { Button } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { CloseIcon } from '@/components/icons';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { formatDateTime, formatRelative } from '@/lib/format-date';
import { useNotifications, useMarkAllSeen } from '../api/notifications';
import { actorName, notificationHref, notificationText } from '../lib/describe';
import type { TallyTracker } from '@/lib/live/tally';
import { PANEL_CLASS } from './panel-class';

function NotificationItem({ n: shown, fresh, onFollow }: { n: NotificationView; fresh: boolean; onFollow: () => void }) {
  // New when it was unseen as the panel opened, though marking it seen has been done since.
  const n = fresh ? { ...shown, seen: false } : shown;
  const text = notificationText(n, actorName(n));
  const href = notificationHref(n);
  const content = (
    <>
      <span aria-hidden="true" className={`mt-1.5 size-2.5 shrink-0 rounded-full ${n.seen ? 'bg-transparent' : 'bg-primary-700'}`} />
      <span className="min-w-0 flex-1">
        {n.kind === 'announcement' ? <span className="block text-xs font-semibold tracking-wide text-primary-800 uppercase">Announcement</span> : null}
        <span className={`block text-sm break-words ${n.seen ? 'text-gray-700' : 'font-semibold text-gray-900'}`}>{text}</span>
        <time dateTime={n.createdAt} title={formatDateTime(n.createdAt)} className="mt-0.5 block text-xs text-gray-600">
          {formatRelative(n.createdAt)}
        </time>
        {n.seen ? null : <span className="sr-only">, unread</span>}
      </span>
    </>
  );
  const rowClass = 'flex gap-3 px-4 py-3';
  return (
    <li className={n.seen ? '' : 'bg-primary-50/50'}>
      {href ? (
        <Link to={href} onClick={onFollow} className={`${rowClass} hover:bg-gray-50 focus-visible:bg-gray-50`}>
          {content}
        </Link>
      ) : (
        <div className={rowClass}>{content}</div>
      )}
    </li>
  );
}

export default function NotificationsPanel({
  id,
  tracker,
  onClose,
  onFollow,
}: {
  id: string;
  tracker: TallyTracker;
  /** Close with focus back on the bell. */
  onClose: () => void;
  /** A link inside was followed. */
  onFollow: () => void;
}) {
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  const list = useNotifications();
  const items = list.data?.pages.flatMap((page) => page.notifications) ?? [];

  const mark = useMarkAllSeen(tracker);
  const markAll = mark.mutate;
  const firstPage = list.data?.pages[0];
  // The unseen ones as the panel opened, taken in the render that first has this opening's list (a
  // lazily set ref, so no frame shows them seen first): marked seen at once, shown as new while it
  // is open.
  const freshRef = useRef<ReadonlySet<string> | null>(null);
  // Taken from the list as fetched for this opening (staleTime 0), never from one cached at an
  // earlier opening, which lacks what came since: those are the new ones.
  if (freshRef.current === null && firstPage && list.isFetchedAfterMount && !list.isFetching) {
    freshRef.current = new Set(firstPage.notifications.filter((n) => !n.seen).map((n) => n.id));
  }
  const fresh = freshRef.current;
  const marked = useRef(false);
  useEffect(() => {
    if (marked.current || !fresh) return;
    marked.current = true;
    if (fresh.size > 0 || (tracker.get() ?? 0) > 0) markAll();
  }, [fresh, tracker, markAll]);

  useEffect(() => {
    panel.current?.focus();
  }, []);

  return (
    <div ref={panel} id={id} role="dialog" aria-labelledby={titleId} tabIndex={-1} className={PANEL_CLASS}>
      <div className="sticky top-0 z-10 flex items-center gap-2 border-b border-gray-200 bg-white px-4 py-2">
        <h2 id={titleId} className="flex-1 text-base font-semibold text-gray-900">
          Notifications
        </h2>
        <button type="button" onClick={onClose} aria-label="Close notifications" className="grid size-11 place-items-center rounded-md text-gray-700 hover:bg-gray-100">
          <CloseIcon className="size-5" />
        </button>
      </div>
      {mark.isError ? (
        <div role="alert" className="space-y-2 px-4 pt-3 text-sm text-red-700">
          <p>{`Could not mark them as seen: ${failureMessage(mark.error)}`}</p>
          <Button variant="secondary" onClick={() => mark.mutate()} pending={mark.isPending} pendingLabel="Marking…">
            Mark all as seen
          </Button>
        </div>
      ) : null}
      {list.isPending ? (
        <Loading label="Loading notifications…" className="px-4" />
      ) : list.isError ? (
        <div role="alert" className="space-y-2 px-4 py-4 text-sm text-red-800">
          <p>{`Could not load your notifications. ${failureMessage(list.error)}`}</p>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : items.length === 0 ? (
        <p className="px-4 py-6 text-sm text-gray-600">No notifications yet. Reactions, comments and replies to what you share show up here.</p>
      ) : (
        <ul className="divide-y divide-gray-100" aria-label="Your notifications">
          {items.map((n) => (
            <NotificationItem key={n.id} n={n} fresh={fresh?.has(n.id) ?? false} onFollow={onFollow} />
          ))}
        </ul>
      )}
      <LoadMore pages={list} className="border-t border-gray-100 p-3" errorClassName="px-4 pb-3" />
      <div className="border-t border-gray-200 p-2 text-center">
        <Link to={paths.notifications} onClick={onFollow} className="inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold text-primary-800 hover:bg-primary-50">
          See all notifications
        </Link>
      </div>
    </div>
  );
}
