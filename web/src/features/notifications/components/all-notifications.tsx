/**
 * Every notification of the signed-in member, newest first with "Load more" (the notifications
 * screen). Unlike the bell's list, following one marks only that one seen. Unseen ones carry a
 * "New" label and a bolder line, not only a tint; one that leads nowhere (an announcement) has
 * its own "Mark as seen".
 */
import { LoadMore } from '@/components/load-more';
import { Link } from 'react-router';
import type { NotificationView } from '@shared/answers/notifications';
import { Avatar } from '@/components/avatar';
import { Button } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { Loading } from '@/components/loading';
import { formatDateTime, formatRelative } from '@/lib/format-date';
import { useLive } from '@/lib/live/live';
import { useMarkAllSeen, useMarkOneSeen, useNotifications } from '../api/notifications';
import { actorName, notificationHref, notificationText } from '../lib/describe';

function NewLabel() {
  return <span className="rounded-full border border-primary-700 px-2 py-0.5 text-xs font-semibold text-primary-800">New</span>;
}

function Row({ n, onSeen, marking }: { n: NotificationView; onSeen: (n: NotificationView) => void; marking: boolean }) {
  const actor = actorName(n);
  const text = notificationText(n, actor);
  const href = notificationHref(n);
  const body = (
    <>
      {n.actor ? <Avatar src={n.actor.avatar} name={actor} size="sm" /> : <span aria-hidden="true" className="size-8 shrink-0" />}
      <span className="min-w-0 flex-1">
        {n.kind === 'announcement' ? <span className="block text-xs font-semibold tracking-wide text-primary-800 uppercase">Announcement</span> : null}
        <span className={`block break-words ${n.seen ? 'text-gray-700' : 'font-semibold text-gray-900'}`}>{text}</span>
        <span className="mt-1 flex flex-wrap items-center gap-2 text-sm text-gray-600">
          {n.seen ? null : <NewLabel />}
          <time dateTime={n.createdAt} title={formatDateTime(n.createdAt)}>
            {formatRelative(n.createdAt)}
          </time>
        </span>
      </span>
    </>
  );
  const rowClass = 'flex gap-3 px-4 py-3';
  return (
    <li className={n.seen ? '' : 'border-l-4 border-primary-700 bg-primary-50/50'}>
      {href ? (
        <Link to={href} onClick={() => onSeen(n)} className={`${rowClass} hover:bg-gray-50 focus-visible:bg-gray-50`}>
          {body}
        </Link>
      ) : (
        <div className={`${rowClass} flex-wrap sm:flex-nowrap`}>
          {body}
          {n.seen ? null : (
            <Button variant="secondary" className="ml-11 sm:ml-0" onClick={() => onSeen(n)} pending={marking} pendingLabel="Marking…">
              Mark as seen
            </Button>
          )}
        </div>
      )}
    </li>
  );
}

export function AllNotifications() {
  const tracker = useLive()?.notifications ?? null;
  const list = useNotifications();
  const markOne = useMarkOneSeen(tracker);
  const markAll = useMarkAllSeen(tracker);
  const items = list.data?.pages.flatMap((page) => page.notifications) ?? [];
  const anyUnseen = items.some((n) => !n.seen);

  // Following one marks it alone; the link goes on at once (the call finishes on its own).
  const seen = (n: NotificationView) => {
    if (!n.seen) markOne.mutate(n.id);
  };

  if (list.isPending) return <Loading label="Loading notifications…" />;
  if (list.isError) {
    return (
      <div role="alert" className="space-y-3 rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
        <p>{`Could not load your notifications. ${failureMessage(list.error)}`}</p>
        <Button variant="secondary" onClick={() => void list.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <p className="rounded-xl border border-gray-200 bg-white p-6 text-gray-700 shadow-sm">
        No notifications yet. Reactions, comments and replies to what you share, answers to your events and news from your pages show up here.
      </p>
    );
  }
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-end gap-2">
        <Button variant="secondary" onClick={() => markAll.mutate()} disabled={!anyUnseen} pending={markAll.isPending} pendingLabel="Marking…">
          Mark all as seen
        </Button>
      </div>
      {markAll.isError || markOne.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {`Could not mark them as seen: ${failureMessage(markAll.error ?? markOne.error)}`}
        </p>
      ) : null}
      <ul className="divide-y divide-gray-100 overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm" aria-label="Your notifications">
        {items.map((n) => (
          <Row key={n.id} n={n} onSeen={seen} marking={markOne.isPending && markOne.variables === n.id} />
        ))}
      </ul>
      <LoadMore pages={list} errorClassName="text-center" />
    </div>
  );
}
