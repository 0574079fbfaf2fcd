/**
 * One conversation: messages grouped by day (earlier ones load on scrolling up), new ones arriving
 * live, a composer that keeps a draft, shows "Sending…" then the sent message, and offers a retry
 * when a send fails (the same client id, so a retry never sends twice). Its menu mutes, blocks
 * (member to member) and deletes (hides, after a confirmation) the conversation.
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { MessageView, Party } from '@shared/answers/messages';
import type { ServerFrame } from '@shared/realtime';
import { MESSAGE_MAX } from '@shared/schemas/messages';
import { Dialog } from '@/components/dialog';
import { FormAlert } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { Loading } from '@/components/loading';
import { Avatar } from '@/features/content/components/avatar';
import { markSeen, messagesKeys, sendMessage, useBlock, useConversation, useHideConversation, useMuteConversation, withMessage } from '../api/messages';
import { useFrames, useLive } from '../lib/live';
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

export function ConversationView({ viewer, a, b, me, other, start, initialText, otherHref }: ConversationViewProps) {
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

  // Live: a message of this conversation joins the list at once.
  const onFrame = useCallback(
    (frame: ServerFrame) => {
      if (frame.type !== 'message' || !convId || frame.data.conversationId !== convId) return;
      const m = frame.data.message;
      qc.setQueryData(key, (data: Parameters<typeof withMessage>[0]) =>
        withMessage(data, { id: m.id, conversationId: convId, content: m.content, senderId: m.senderId, asPageId: m.asPageId ?? null, createdAt: m.createdAt }),
      );
    },
    [convId, qc, key],
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
  const [pending, setPending] = useState<Pending[]>([]);
  useEffect(() => {
    const el = scroller.current;
    if (el && atBottom.current) el.scrollTop = el.scrollHeight;
  }, [lastId, pending.length]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = conversation;
  useEffect(() => {
    const el = topSentinel.current;
    if (!el || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) {
        const box = scroller.current;
        const before = box ? box.scrollHeight - box.scrollTop : 0;
        void fetchNextPage().then(() => {
          // Keep the reader's place as earlier messages are added above.
          if (box) box.scrollTop = box.scrollHeight - before;
        });
      }
    }, { root: scroller.current });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  // The composer and its draft.
  const storageKey = draftKey(viewer, a, b);
  const [text, setText] = useState(() => readDraft(storageKey) ?? initialText ?? '');
  useEffect(() => writeDraft(storageKey, text), [storageKey, text]);
  const inputId = useId();

  const deliver = async (p: Pending) => {
    setPending((list) => list.map((x) => (x.id === p.id ? { ...x, state: 'sending', error: undefined } : x)));
    try {
      let id = convId;
      if (!id) {
        id = await start();
        setConversationId(id);
      }
      const { message } = await sendMessage({ id: p.id, conversation_id: id, content: p.content });
      if (!qc.getQueryData(key) || !first) await qc.invalidateQueries({ queryKey: key });
      else qc.setQueryData(key, (data: Parameters<typeof withMessage>[0]) => withMessage(data, message));
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
    void deliver(p);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const groups = groupByDay(messages);
  const tooLong = text.length > MESSAGE_MAX;

  return (
    <section className="flex h-[calc(100dvh-12rem)] min-h-96 flex-col overflow-hidden rounded-xl border border-gray-200 bg-white shadow-sm" aria-label={`Conversation with ${shownOther.name}`}>
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
        aria-live="polite"
        aria-relevant="additions"
      >
        <div ref={topSentinel} />
        {hasNextPage ? (
          <div className="text-center">
            <button type="button" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage} className="rounded-md px-3 py-1.5 text-sm font-medium text-primary-800 hover:bg-primary-50">
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
                    <button type="button" onClick={() => void deliver(p)} className="rounded px-2 py-1 font-semibold underline">
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
          <p className="mt-1 hidden text-xs text-gray-500 sm:block">Enter sends; Shift+Enter starts a new line.</p>
        )}
      </form>
    </section>
  );
}

function ConversationMenu({ convId, muted, blockable }: { convId: string; muted: boolean; blockable: Party | null }) {
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useState<'delete' | 'block' | null>(null);
  const mute = useMuteConversation();
  const hide = useHideConversation();
  const block = useBlock();
  const menuId = useId();
  const error = mute.error ?? hide.error ?? block.error;

  return (
    <div className="relative">
      <button type="button" aria-haspopup="menu" aria-expanded={open} aria-controls={open ? menuId : undefined} onClick={() => setOpen((o) => !o)} className="min-h-11 rounded-md border border-gray-300 px-3 text-sm font-medium text-gray-700 hover:bg-gray-100">
        Options
      </button>
      {open ? (
        <ul id={menuId} role="menu" className="absolute right-0 z-20 mt-1 w-56 rounded-lg border border-gray-200 bg-white p-1 shadow-lg">
          <li role="none">
            <button role="menuitem" type="button" className="w-full rounded-md px-3 py-2 text-left text-sm hover:bg-gray-100" onClick={() => { setOpen(false); mute.mutate({ convnId: convId, muted: !muted }); }}>
              {muted ? 'Unmute this conversation' : 'Mute this conversation'}
            </button>
          </li>
          {blockable ? (
            <li role="none">
              <button role="menuitem" type="button" className="w-full rounded-md px-3 py-2 text-left text-sm text-red-700 hover:bg-red-50" onClick={() => { setOpen(false); setConfirm('block'); }}>
                Block {blockable.name}
              </button>
            </li>
          ) : null}
          <li role="none">
            <button role="menuitem" type="button" className="w-full rounded-md px-3 py-2 text-left text-sm text-red-700 hover:bg-red-50" onClick={() => { setOpen(false); setConfirm('delete'); }}>
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
          <button type="button" onClick={() => hide.mutate(convId, { onSuccess: () => setConfirm(null) })} disabled={hide.isPending} className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white">
            {hide.isPending ? 'Deleting…' : 'Delete'}
          </button>
        </div>
      </Dialog>
      {blockable ? (
        <Dialog
          open={confirm === 'block'}
          title={`Block ${blockable.name}?`}
          onClose={() => setConfirm(null)}
          description="They will not be able to message you, and you will no longer see their posts, comments or listings. They are not told. You can unblock them later in settings."
        >
          <div className="flex justify-end gap-2">
            <button type="button" onClick={() => setConfirm(null)} className="rounded-md border border-gray-300 px-4 py-2 text-sm font-medium">Cancel</button>
            <button type="button" onClick={() => block.mutate({ userId: blockable.id, blocked: true }, { onSuccess: () => setConfirm(null) })} disabled={block.isPending} className="rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white">
              {block.isPending ? 'Blocking…' : 'Block'}
            </button>
          </div>
        </Dialog>
      ) : null}
    </div>
  );
}

