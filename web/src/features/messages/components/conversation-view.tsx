/**
 * One conversation: messages grouped by day (earlier ones load on scrolling up), new ones arriving
 * live, a composer that keeps a draft, shows "Sending…" then the sent message, and offers a retry
 * when a send fails (the same client id, so a retry never sends twice). Its menu mutes, blocks
 * (member to member) and deletes (hides, after a confirmation) the conversation.
 */
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { MessageView, Party } from '@shared/answers/messages';
import type { ServerFrame } from '@shared/realtime';
import { MESSAGE_MAX } from '@shared/schemas/messages';
import { Dialog } from '@/components/dialog';
import { FormAlert } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { Avatar } from '@/components/avatar';
import { markSeen, messagesKeys, sendMessage, useBlock, useConversation, useHideConversation, useMuteConversation, withMessage } from '../api/messages';
import { useFrames, useLive } from '@/lib/live/live';
import { dayLabel, groupByDay, linkParts } from '../lib/text';

export interface ConversationViewProps {
  viewer: string;
  /** The two participants the conversation is read by (member ids, or a member's and a page's). */
  a: string;
  b: string;
  /** The caller's side: themself, or the page they answer for. */
  me: Party;
  /** The other side, as far as known before the conversation loads. */
  other: Party;
  /** Makes the conversation when the first message is sent; answers its id. */
  start: () => Promise<string>;
  /** False when the caller may not start it (a page's staff before the member has written). */
  canStart?: boolean;
  /** Text to start the composer with when there is no draft ("Ask about this plant"). */
  initialText?: string;
  /** Where the other side's name links to. */
  otherHref?: string;
}

interface Pending {
  id: string;
  content: string;
  state: 'sending' | 'failed';
  error?: string;
}

function MessageText({ text }: { text: string }) {
  return (
    <>
      {linkParts(text).map((part, i) =>
        part.kind === 'link' ? (
          <a key={i} href={part.href} rel="noopener nofollow ugc" target="_blank" className="break-all underline">
            {part.text}
          </a>
        ) : (
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}

const draftKey = (viewer: string, a: string, b: string) => `leafline.draft.${viewer}.${[a, b].sort().join('.')}`;

function readDraft(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeDraft(key: string, text: string): void {
  try {
    if (text) sessionStorage.setItem(key, text);
    else sessionStorage.removeItem(key);
  } catch {
    // Private mode: the draft lives only as long as the screen.
  }
}

export function ConversationView({ viewer, a, b, me, other, start, canStart = true, initialText, otherHref }: ConversationViewProps) {
  const qc = useQueryClient();
  const live = useLive();
  const key = useMemo(() => messagesKeys.conversation(viewer, a, b), [viewer, a, b]);
  const conversation = useConversation(viewer, a, b);
  const first = conversation.data?.pages[0] ?? null;
  const row = first?.conversation ?? null;
  const [conversationId, setConversationId] = useState<string | null>(null);
  const convId = row?.id ?? conversationId;
  const shownOther = row?.with ?? other;

  const messages = useMemo(() => {
    const all = (conversation.data?.pages ?? []).flatMap((p) => p?.messages ?? []);
    return [...all].reverse();
  }, [conversation.data]);
  const mine = useCallback((m: MessageView) => (me.type === 'page' ? m.asPageId === me.id : m.senderId === viewer && !m.asPageId), [me, viewer]);

  const [pending, setPending] = useState<Pending[]>([]);
  const [announcement, setAnnouncement] = useState('');

  // Live: a message of this conversation joins the list at once (the sender's own, from this or
  // another tab, replaces its "Sending…" bubble). Before the conversation exists here, any
  // message frame reads it again: the other side may just have started it.
  const onFrame = useCallback(
    (frame: ServerFrame) => {
      if (frame.type !== 'message') return;
      if (!convId) {
        void qc.invalidateQueries({ queryKey: key });
        return;
      }
      if (frame.data.conversationId !== convId) return;
      const m = frame.data.message;
      setPending((list) => list.filter((p) => p.id !== m.id));
      qc.setQueryData(key, (data: Parameters<typeof withMessage>[0]) =>
        withMessage(data, { id: m.id, conversationId: convId, content: m.content, senderId: m.senderId, asPageId: m.asPageId ?? null, createdAt: m.createdAt }),
      );
      const theirs = me.type === 'page' ? m.asPageId !== me.id : m.senderId !== viewer || !!m.asPageId;
      if (theirs) setAnnouncement(`New message from ${other.name}: ${m.content.slice(0, 140)}`);
    },
    [convId, qc, key, me, viewer, other.name],
  );
  useFrames(onFrame);

  // Read: the newest message from the other side is marked seen while the tab is visible.
  const lastTheirs = [...messages].reverse().find((m) => !mine(m));
  const markedRef = useRef<string | null>(null);
  useEffect(() => {
    if (!lastTheirs || markedRef.current === lastTheirs.id) return;
    const mark = () => {
      if (document.visibilityState === 'hidden' || markedRef.current === lastTheirs.id) return;
      markedRef.current = lastTheirs.id;
      markSeen([lastTheirs.id])
        .then(({ unreadMsgsTally }) => {
          live?.messages.set(unreadMsgsTally);
          void qc.invalidateQueries({ queryKey: [...messagesKeys.all, 'inbox'] });
        })
        .catch(() => {
          markedRef.current = null;
        });
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [lastTheirs, live, qc]);

  // Scrolling: to the newest on open and when a message arrives while at the bottom; earlier
  // messages load when the top comes into view.
  const scroller = useRef<HTMLDivElement>(null);
  const topSentinel = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const lastId = messages[messages.length - 1]?.id;
  useEffect(() => {
    const el = scroller.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [lastId, pending.length]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = conversation;
  // Earlier messages go in above the reader: once they are drawn, the distance from the bottom
  // measured before the fetch is restored, so the reader's place stays put.
  const fromBottom = useRef<number | null>(null);
  const pageCount = conversation.data?.pages.length ?? 0;
  const loadEarlier = useCallback(() => {
    const box = scroller.current;
    if (isFetchingNextPage || !hasNextPage) return;
    fromBottom.current = box ? box.scrollHeight - box.scrollTop : null;
    void fetchNextPage();
  }, [isFetchingNextPage, hasNextPage, fetchNextPage]);
  useLayoutEffect(() => {
    const box = scroller.current;
    if (box && fromBottom.current !== null) box.scrollTop = box.scrollHeight - fromBottom.current;
    fromBottom.current = null;
  }, [pageCount]);
  useEffect(() => {
    const el = topSentinel.current;
    if (!el || !hasNextPage || isFetchingNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      // Only once the reader has scrolled: on open the list starts at the bottom.
      if (entries.some((e) => e.isIntersecting) && !atBottom.current) loadEarlier();
    }, { root: scroller.current });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, loadEarlier]);

  // The composer and its draft.
  const storageKey = draftKey(viewer, a, b);
  const [text, setText] = useState(() => readDraft(storageKey) ?? initialText ?? '');
  useEffect(() => writeDraft(storageKey, text), [storageKey, text]);
  const inputId = useId();

  // Sends go one after another, in the order they were written (the first one may make the conversation).
  const queue = useRef<Promise<void>>(Promise.resolve());
  const madeId = useRef<string | null>(null);
  const enqueue = (p: Pending) => {
    queue.current = queue.current.then(() => deliver(p));
  };
  const deliver = async (p: Pending) => {
    setPending((list) => list.map((x) => (x.id === p.id ? { ...x, state: 'sending', error: undefined } : x)));
    try {
      let id = convId ?? madeId.current;
      if (!id) {
        id = await start();
        madeId.current = id;
        setConversationId(id);
      }
      const { message } = await sendMessage({ id: p.id, conversation_id: id, content: p.content });
      const data = qc.getQueryData<Parameters<typeof withMessage>[0]>(key);
      if (!data?.pages[0]) await qc.invalidateQueries({ queryKey: key });
      else qc.setQueryData(key, (d: Parameters<typeof withMessage>[0]) => withMessage(d, message));
      setPending((list) => list.filter((x) => x.id !== p.id));
      void qc.invalidateQueries({ queryKey: [...messagesKeys.all, 'inbox'] });
    } catch (err) {
      setPending((list) => list.map((x) => (x.id === p.id ? { ...x, state: 'failed', error: failureMessage(err) } : x)));
    }
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const content = text.trim();
    if (!content || content.length > MESSAGE_MAX) return;
    const p: Pending = { id: crypto.randomUUID(), content, state: 'sending' };
    setPending((list) => [...list, p]);
    setText('');
    atBottom.current = true;
    enqueue(p);
  };

  // Enter sends with a keyboard; on a touch screen (no Shift key) it starts a new line.
  const [touch] = useState(() => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches);
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!touch && event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const groups = groupByDay(messages);
  const tooLong = text.length > MESSAGE_MAX;
  const waiting = !canStart && !convId && !conversation.isPending;

  return (
    <section className="flex h-[calc(100dvh-9rem)] min-h-72 flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm sm:h-[calc(100dvh-12rem)] sm:min-h-96" aria-label={`Conversation with ${shownOther.name}`}>
      <header className="flex items-center gap-3 border-b border-gray-200 px-4 py-3">
        <Avatar src={shownOther.avatar} name={shownOther.name} />
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold text-gray-900">
            {otherHref ? <Link to={otherHref} className="hover:underline">{shownOther.name}</Link> : shownOther.name}
          </h2>
          <p className="truncate text-sm text-gray-600">
            @{shownOther.handle}
            {me.type === 'page' ? ` · answering as ${me.name}` : ''}
            {row?.muted ? ' · muted' : ''}
          </p>
        </div>
        {convId ? <ConversationMenu convId={convId} muted={row?.muted ?? false} blockable={shownOther.type === 'user' && me.type === 'user' ? shownOther : null} /> : null}
      </header>

      <div
        ref={scroller}
        className="flex-1 space-y-4 overflow-y-auto px-3 py-4 sm:px-5"
        onScroll={(e) => {
          const el = e.currentTarget;
          atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
        }}
>
        <div ref={topSentinel} />
        {hasNextPage ? (
          <div className="text-center">
            <button type="button" onClick={loadEarlier} disabled={isFetchingNextPage} className="rounded-md px-3 py-1.5 text-sm font-medium text-primary-800 hover:bg-primary-50">
              {isFetchingNextPage ? 'Loading earlier messages…' : 'Load earlier messages'}
            </button>
          </div>
        ) : null}
        {conversation.isPending ? <Loading label="Loading the conversation…" /> : null}
        {conversation.isError ? <FormAlert message={failureMessage(conversation.error)} title="Could not load the conversation" /> : null}
        {!conversation.isPending && !conversation.isError && messages.length === 0 && pending.length === 0 ? (
          <p className="py-10 text-center text-gray-600">No messages yet. Say hello to {shownOther.name}.</p>
        ) : null}
        {groups.map((g) => (
          <div key={g.day} className="space-y-2">
            <p className="text-center text-xs font-medium text-gray-500">{dayLabel(g.day)}</p>
            <ol className="space-y-2">
              {g.items.map((m) => (
                <li key={m.id} className={`flex ${mine(m) ? 'justify-end' : 'justify-start'}`} data-testid="message">
                  <div className={`max-w-[85%] rounded-2xl px-3.5 py-2 whitespace-pre-wrap break-words sm:max-w-[70%] ${mine(m) ? 'bg-primary-700 text-white' : 'bg-gray-100 text-gray-900'}`}>
                    <MessageText text={m.content} />
                    <time dateTime={m.createdAt} className={`mt-1 block text-right text-[11px] ${mine(m) ? 'text-primary-100' : 'text-gray-600'}`}>
                      {new Date(m.createdAt).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' })}
                    </time>
                  </div>
                </li>
              ))}
            </ol>
          </div>
        ))}
        {pending.length ? (
          <ol className="space-y-2">
            {pending.map((p) => (
              <li key={p.id} className="flex flex-col items-end" data-testid="pending-message">
                <div className="max-w-[85%] rounded-2xl bg-primary-700/70 px-3.5 py-2 whitespace-pre-wrap break-words text-white sm:max-w-[70%]">{p.content}</div>
                {p.state === 'sending' ? (
                  <span className="mt-1 text-xs text-gray-500">Sending…</span>
                ) : (
                  <span className="mt-1 flex items-center gap-2 text-xs text-red-700" role="alert">
                    Not sent{p.error ? `: ${p.error}` : ''}
                    <button type="button" onClick={() => enqueue(p)} className="rounded px-2 py-1 font-semibold underline">
                      Retry
                    </button>
                    <button type="button" onClick={() => setPending((list) => list.filter((x) => x.id !== p.id))} className="rounded px-2 py-1 text-gray-600 underline">
                      Discard
                    </button>
                  </span>
                )}
              </li>
            ))}
          </ol>
        ) : null}
      </div>

      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {waiting ? (
        <p className="border-t border-gray-200 p-3 text-sm text-gray-700">{shownOther.name} has not written to the page yet: you can answer once they do.</p>
      ) : (
      <form onSubmit={submit} className="border-t border-gray-200 p-3">
        <label htmlFor={inputId} className="sr-only">
          Write a message to {shownOther.name}
        </label>
        <div className="flex items-end gap-2">
          <textarea
            id={inputId}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKeyDown}
            rows={2}
            placeholder={`Write to ${shownOther.name}…`}
            aria-invalid={tooLong || undefined}
            aria-describedby={tooLong ? `${inputId}-long` : undefined}
            className="min-h-11 flex-1 resize-y rounded-lg border border-gray-300 px-3 py-2 text-base focus:border-primary-600 focus:outline-none focus:ring-2 focus:ring-primary-200"
          />
          <button type="submit" disabled={!text.trim() || tooLong} className="min-h-11 rounded-lg bg-primary-700 px-4 font-semibold text-white hover:bg-primary-800 disabled:opacity-50">
            Send
          </button>
        </div>
        {tooLong ? (
          <p id={`${inputId}-long`} className="mt-1 text-sm text-red-700">
            A message holds at most {MESSAGE_MAX.toLocaleString()} characters ({text.length.toLocaleString()} now).
          </p>
        ) : (
          touch ? null : <p className="mt-1 hidden text-xs text-gray-500 sm:block">Enter sends; Shift+Enter starts a new line.</p>
        )}
      </form>
      )}
    </section>
  );
}

function ConversationMenu({ convId, muted, blockable }: { convId: string; muted: boolean; blockable: Party | null }) {
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useState<'delete' | 'block' | null>(null);
  const mute = useMuteConversation();
  const hide = useHideConversation();
  const block = useBlock();
  const navigate = useNavigate();
  const menuId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const error = mute.error ?? hide.error ?? block.error;

  // Open: focus the first item; arrows move, Escape and a click elsewhere close.
  useEffect(() => {
    if (!open) return;
    const items = () => Array.from(menu.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []);
    items()[0]?.focus();
    const onKey = (event: globalThis.KeyboardEvent) => {
      const list = items();
      const at = list.indexOf(document.activeElement as HTMLButtonElement);
      if (event.key === 'Escape') {
        event.preventDefault();
        setOpen(false);
        button.current?.focus();
      } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const next = (at + (event.key === 'ArrowDown' ? 1 : -1) + list.length) % list.length;
        list[next]?.focus();
      }
    };
    const onPointer = (event: PointerEvent) => {
      if (!menu.current?.contains(event.target as Node) && !button.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  /** Closes the menu with focus back on its button (where a dialog then returns it). */
  const choose = (then: () => void) => {
    button.current?.focus();
    setOpen(false);
    then();
  };

  return (
    <div className="relative">
      <button ref={button} type="button" aria-haspopup="menu" aria-expanded={open} aria-controls={open ? menuId : undefined} onClick={() => setOpen((o) => !o)} className="min-h-11 rounded-md border border-gray-300 px-3 text-sm font-medium text-gray-700 hover:bg-gray-100">
        Options
      </button>
      {open ? (
        <ul ref={menu} id={menuId} role="menu" aria-label="Conversation options" className="absolute right-0 z-20 mt-1 w-56 rounded-lg border border-gray-200 bg-white p-1 shadow-lg">
          <li role="none">
            <button role="menuitem" type="button" className="min-h-11 w-full rounded-md px-3 py-2 text-left text-sm hover:bg-gray-100" onClick={() => choose(() => mute.mutate({ convnId: convId, muted: !muted }))}>
              {muted ? 'Unmute this conversation' : 'Mute this conversation'}
            </button>
          </li>
          {blockable ? (
            <li role="none">
              <button role="menuitem" type="button" className="min-h-11 w-full rounded-md px-3 py-2 text-left text-sm text-red-700 hover:bg-red-50" onClick={() => choose(() => setConfirm('block'))}>
                Block {blockable.name}
              </button>
            </li>
          ) : null}
          <li role="none">
            <button role="menuitem" type="button" className="min-h-11 w-full rounded-md px-3 py-2 text-left text-sm text-red-700 hover:bg-red-50" onClick={() => choose(() => setConfirm('delete'))}>
              Delete this conversation
            </button>
          </li>
        </ul>
      ) : null}
      {error ? <p className="absolute right-0 mt-1 w-56 rounded bg-white p-2 text-xs text-red-700 shadow" role="alert">{failureMessage(error)}</p> : null}
      <Dialog
        open={confirm === 'delete'}
        title="Delete this conversation?"
        onClose={() => setConfirm(null)}
        description="It leaves your inbox and its messages so far leave your view. The other side keeps theirs. It comes back if a new message arrives."
      >
        <div className="flex justify-end gap-2">
          <button type="button" onClick={() => setConfirm(null)} className="rounded-md border border-gray-300 px-4 py-2 text-sm font-medium">Keep it</button>
          <button
            type="button"
            onClick={() => hide.mutate(convId, { onSuccess: () => void navigate(paths.messages, { state: { notice: 'The conversation was deleted.' } }) })}
            disabled={hide.isPending}
            className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white"
          >
            {hide.isPending ? 'Deleting…' : 'Delete'}
          </button>
        </div>
      </Dialog>
      {blockable ? (
        <Dialog
          open={confirm === 'block'}
          title={`Block ${blockable.name}?`}
          onClose={() => setConfirm(null)}
          description="They will not be able to message you, and you will no longer see their posts, comments or listings. They are not told. You can unblock them in your settings."
        >
          <div className="flex justify-end gap-2">
            <button type="button" onClick={() => setConfirm(null)} className="rounded-md border border-gray-300 px-4 py-2 text-sm font-medium">Cancel</button>
            <button
              type="button"
              onClick={() => block.mutate({ userId: blockable.id, blocked: true }, { onSuccess: () => void navigate(paths.messages, { state: { notice: `You blocked ${blockable.name}.` } }) })}
              disabled={block.isPending}
              className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white"
            >
              {block.isPending ? 'Blocking…' : 'Block'}
            </button>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}
