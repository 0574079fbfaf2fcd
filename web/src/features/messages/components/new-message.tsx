/**
 * "New message" in the inbox: a name or @handle finds whom to write to (the members the reader
 * already writes with, by name; any member or page by exact handle; pages by the start of their
 * name), and choosing one opens the conversation as a profile's "Message" button does: the
 * conversation screen, which starts the conversation with the first message.
 */
import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { Party } from '@shared/answers/messages';
import { HANDLE_PATTERN } from '@shared/validation';
import { Avatar } from '@/components/avatar';
import { paths } from '@/config/paths';
import { useMessagee, usePagesNamed } from '../api/messages';

/** The conversation screen with a member, or the reader's conversation with a page. */
export function newConversationHref(to: Pick<Party, 'type' | 'handle'>, viewerHandle: string): string {
  return to.type === 'page'
    ? `${paths.messages}/${encodeURIComponent(viewerHandle)}/to/${encodeURIComponent(to.handle)}`
    : `${paths.messages}/${encodeURIComponent(to.handle)}`;
}

type Hit = Pick<Party, 'type' | 'id' | 'handle' | 'name' | 'avatar'>;

function useRecipients(query: string, viewer: string, known: readonly Party[]) {
  const q = query.trim();
  const asHandle = q.replace(/^@/, '');
  const byHandle = useMessagee(asHandle, HANDLE_PATTERN.test(asHandle));
  const pages = usePagesNamed(q.startsWith('@') ? '' : q);
  const needle = asHandle.toLowerCase();
  const hits = new Map<string, Hit>();
  if (needle.length >= 2) {
    for (const p of known) if (p.name.toLowerCase().includes(needle) || p.handle.includes(needle)) hits.set(p.id, p);
  }
  const exact = byHandle.data?.messagee;
  if (exact && exact.id !== viewer) hits.set(exact.id, exact);
  for (const p of pages.data?.pages ?? []) hits.set(p.id, { type: 'page', id: p.id, handle: p.handle, name: p.name, avatar: p.avatar });
  return { hits: [...hits.values()], searching: byHandle.isFetching || pages.isFetching, asked: needle.length >= 2 };
}

export function NewMessage({ viewer, viewerHandle, known }: { viewer: string; viewerHandle: string; known: readonly Party[] }) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const base = useId();
  const { hits, searching, asked } = useRecipients(open ? query : '', viewer, known);

  return (
    <div className="border-b border-gray-200 p-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={`${base}-panel`}
        onClick={() => setOpen((o) => !o)}
        className="min-h-11 rounded-md bg-primary-700 px-4 text-sm font-semibold text-white hover:bg-primary-800"
      >
        New message
      </button>
      {open ? (
        <div id={`${base}-panel`} role="search" aria-label="Whom to write to" className="mt-2 space-y-2">
          <label htmlFor={`${base}-q`} className="block text-sm font-medium text-gray-800">
            To: a member or a page
          </label>
          <input
            id={`${base}-q`}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setOpen(false);
            }}
            placeholder="A name or @handle"
            autoComplete="off"
            aria-describedby={`${base}-hint`}
            className="min-h-11 w-full rounded-lg border border-gray-300 px-3 py-2 text-base focus:border-primary-600 focus:outline-none focus:ring-2 focus:ring-primary-200"
          />
          <p id={`${base}-hint`} className="text-xs text-gray-600">
            Pages by name; members you write with by name, anyone else by their @handle.
          </p>
          <p className="sr-only" aria-live="polite">
            {asked && !searching ? `${hits.length} found` : ''}
          </p>
          {asked ? (
            hits.length ? (
              <ul className="divide-y divide-gray-100" aria-label="People and pages found">
                {hits.map((h) => (
                  <li key={h.id}>
                    <Link to={newConversationHref(h, viewerHandle)} className="flex items-center gap-3 rounded-lg px-3 py-2 hover:bg-gray-50">
                      <Avatar src={h.avatar} name={h.name} />
                      <span className="min-w-0 flex-1 truncate font-medium text-gray-900">{h.name}</span>
                      <span className="shrink-0 text-xs text-gray-600">{h.type === 'page' ? 'page' : `@${h.handle}`}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : searching ? (
              <p className="text-sm text-gray-600">Searching…</p>
            ) : (
              <p className="text-sm text-gray-600">Nobody found. Try a page's name or a member's @handle.</p>
            )
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
