/**
 * The inbox: conversations newest activity first, each with its avatar, name, the last message's
 * start, its time and an unread badge; tabs for the unread collections; and, for page staff, the
 * pages whose messages they answer. Paged by cursor ("Show more"). The Unread, Members and Pages
 * tabs show the loaded rows of their kind (more come with "Show more"); their counts come from
 * the collections the server keeps, so they hold for the whole inbox. "New message" finds a member
 * or a page to write to.
 */
import { useId, useState, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import type { ConversationRow, InboxAnswer } from '@shared/answers/messages';
import { formatNumber } from '@shared/format';
import { FormAlert } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { Avatar } from '@/components/avatar';
import { formatRelative } from '@/lib/format-date';
import { useMyPages } from '@/lib/my-pages';
import { useInbox } from '../api/messages';
import { NewMessage } from './new-message';
import { isPageStaff } from '@shared/page-roles';

export type InboxTab = 'all' | 'unread' | 'members' | 'pages' | 'my-pages';

const TABS: { id: InboxTab; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'unread', label: 'Unread' },
  { id: 'members', label: 'Members' },
  { id: 'pages', label: 'Pages' },
  { id: 'my-pages', label: 'My pages' },
];

/** Where a row leads: /messages/{username}, or /messages/{member}/to/{page}. */
export function conversationHref(row: Pick<ConversationRow, 'me' | 'with'>, viewerHandle: string): string {
  if (row.me.type === 'page') return `${paths.messages}/${encodeURIComponent(row.with.handle)}/to/${encodeURIComponent(row.me.handle)}`;
  if (row.with.type === 'page') return `${paths.messages}/${encodeURIComponent(viewerHandle)}/to/${encodeURIComponent(row.with.handle)}`;
  return `${paths.messages}/${encodeURIComponent(row.with.handle)}`;
}

function Row({ row, viewerHandle }: { row: ConversationRow; viewerHandle: string }) {
  const unread = row.unread > 0;
  return (
    <li>
      <Link to={conversationHref(row, viewerHandle)} className="flex items-center gap-3 rounded-lg px-3 py-3 hover:bg-gray-50" data-testid="conversation-row">
        <Avatar src={row.with.avatar} name={row.with.name} />
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline gap-2">
            <span className={`truncate ${unread ? 'font-semibold text-gray-900' : 'font-medium text-gray-800'}`}>{row.with.name}</span>
            {row.with.type === 'page' ? <span className="rounded bg-gray-100 px-1.5 text-xs text-gray-600">page</span> : null}
            {row.muted ? <span className="text-xs text-gray-500">muted</span> : null}
            <time dateTime={row.lastMessageAt} className="ml-auto shrink-0 text-xs text-gray-500">{formatRelative(row.lastMessageAt)}</time>
          </div>
          <p className={`truncate text-sm ${unread ? 'text-gray-900' : 'text-gray-600'}`}>{row.lastPreview ?? 'No messages yet'}</p>
        </div>
        {unread ? (
          <span className="min-w-6 rounded-full bg-primary-700 px-2 text-center text-xs leading-6 font-semibold text-white">
            <span aria-hidden="true">{row.unread > 99 ? '99+' : row.unread}</span>
            <span className="sr-only">{formatNumber(row.unread)} unread</span>
          </span>
        ) : null}
      </Link>
    </li>
  );
}

function MyPages({ viewer, unreadPages }: { viewer: string; unreadPages: Set<string> }) {
  // The pages the member belongs to; the inbox keeps those they answer for.
  const pages = useMyPages(viewer);
  if (pages.isPending) return <Loading label="Loading your pages…" />;
  if (pages.isError) return <FormAlert message={failureMessage(pages.error)} title="Could not load your pages" />;
  const staffed = pages.data.pages.filter((p) => isPageStaff(p.my.role));
  if (!staffed.length) return <p className="py-8 text-center text-gray-600">You answer no page's messages. Admins and moderators of a page see its messages here.</p>;
  return (
    <ul className="divide-y divide-gray-100">
      {staffed.map((p) => (
        <li key={p.id}>
          <Link to={`${paths.messages}?page=${p.id}`} className="flex items-center gap-3 rounded-lg px-3 py-3 hover:bg-gray-50">
            <Avatar src={p.avatar} name={p.name} />
            <span className="flex-1 font-medium text-gray-900">{p.name}</span>
            {unreadPages.has(p.id) ? <span className="rounded-full bg-primary-700 px-2 text-xs leading-6 font-semibold text-white">unread</span> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function Inbox({ viewer, viewerHandle, pageId }: { viewer: string; viewerHandle: string; pageId: string | null }) {
  const [tab, setTab] = useState<InboxTab>('all');
  const inbox = useInbox(viewer, pageId);
  const pages: InboxAnswer[] = inbox.data?.pages ?? [];
  const rows = pages.flatMap((p) => p.conversations);
  const unread = pages[0]?.unread;
  const shown = rows.filter((r) =>
    tab === 'unread' ? r.unread > 0 : tab === 'members' ? r.with.type === 'user' : tab === 'pages' ? r.with.type === 'page' : true,
  );
  // A page's inbox counts its own unread rows (the collections are the caller's own).
  const counts: Partial<Record<InboxTab, number>> = pageId
    ? { unread: rows.filter((r) => r.unread > 0 && !r.muted).length }
    : unread
      ? { unread: unread.conversationsNotOnMyPages.length, 'my-pages': unread.conversationsOnMyPages.length }
      : {};
  const tabs = pageId ? TABS.filter((t) => t.id === 'all' || t.id === 'unread') : TABS;
  const base = useId();
  // Arrow keys move between the tabs (and select), as in any tab list.
  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const at = tabs.findIndex((t) => t.id === tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = tabs[(at + step + tabs.length) % tabs.length]!;
    setTab(next.id);
    document.getElementById(`${base}-tab-${next.id}`)?.focus();
  };

  return (
    <div className="rounded-xl border border-gray-200 bg-white shadow-sm">
      {pageId ? null : <NewMessage viewer={viewer} viewerHandle={viewerHandle} known={rows.filter((r) => r.with.type === 'user').map((r) => r.with)} />}
      <div role="tablist" aria-label="Conversations" className="flex gap-1 overflow-x-auto border-b border-gray-200 px-2 pt-2">
        {tabs.map((t) => (
          <button
            key={t.id}
            id={`${base}-tab-${t.id}`}
            role="tab"
            type="button"
            aria-selected={tab === t.id}
            aria-controls={`${base}-panel`}
            tabIndex={tab === t.id ? 0 : -1}
            onKeyDown={onTabKey}
            onClick={() => setTab(t.id)}
            className={`min-h-11 shrink-0 rounded-t-md px-3 text-sm font-medium ${tab === t.id ? 'border-b-2 border-primary-700 text-primary-900' : 'text-gray-600 hover:text-gray-900'}`}
          >
            {t.label}
            {counts[t.id] ? <span className="ml-1.5 rounded-full bg-primary-100 px-1.5 text-xs text-primary-900">{counts[t.id]}</span> : null}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={`${base}-tab-${tab}`} className="p-2">
        {tab === 'my-pages' && !pageId ? (
          <MyPages viewer={viewer} unreadPages={new Set(unread?.pages ?? [])} />
        ) : inbox.isPending ? (
          <Loading label="Loading your conversations…" />
        ) : inbox.isError ? (
          <FormAlert message={failureMessage(inbox.error)} title="Could not load your conversations" />
        ) : shown.length === 0 ? (
          <p className="py-10 text-center text-gray-600">
            {tab === 'all' ? (pageId ? 'Nobody has written to this page yet.' : 'No conversations yet. Write to a member from their profile, a page from its page, or ask about a plant from its listing.') : 'Nothing here.'}
          </p>
        ) : (
          <ul className="divide-y divide-gray-100">
            {shown.map((r) => (
              <Row key={r.id} row={r} viewerHandle={viewerHandle} />
            ))}
          </ul>
        )}
        {inbox.hasNextPage && tab !== 'my-pages' ? (
          <div className="p-2 text-center">
            <button type="button" onClick={() => void inbox.fetchNextPage()} disabled={inbox.isFetchingNextPage} className="min-h-11 rounded-md px-4 text-sm font-medium text-primary-800 hover:bg-primary-50">
              {inbox.isFetchingNextPage ? 'Loading…' : 'Show more'}
            </button>
          </div>
        ) : null}
      </div>
    </div>
  );
}
