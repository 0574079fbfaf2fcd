/**
 * One conversation: messages grouped by day (earlier ones load on scrolling up), new ones arriving
 * live, a composer that keeps a draft, shows "Sending…" then the sent message, and offers a retry
 * when a send fails (the same client id, so a retry never sends twice). Its menu mutes, blocks
 * (member to member) and deletes (hides, after a confirmation) the conversation. Each of those
 * jobs is its own hook (../hooks) or component (./conversation); this file puts them together.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { MessageView, Party } from '@shared/answers/messages';
import { FormAlert } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { Loading } from '@/components/loading';
import { useConversation } from '../api/messages';
import { messagesKeys } from '../api/keys';
import { useConversationFrames } from '../hooks/use-conversation-frames';
import { useConversationScroll } from '../hooks/use-conversation-scroll';
import { useDraft } from '../hooks/use-draft';
import { useMarkSeen } from '../hooks/use-mark-seen';
import { usePhonePaneHeight } from '../hooks/use-phone-pane-height';
import { useSendQueue } from '../hooks/use-send-queue';
import { ConversationHeader } from './conversation/conversation-header';
import { MessageComposer } from './conversation/message-composer';
import { MessageList, PendingList } from './conversation/message-list';

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

export function ConversationView({ viewer, a, b, me, other, start, canStart = true, initialText, otherHref }: ConversationViewProps) {
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

  const { pending, send, retry, settle } = useSendQueue({ queryKey: key, convId, start, onStarted: setConversationId });
  const [announcement, setAnnouncement] = useState('');
  useConversationFrames({ queryKey: key, convId, viewer, me, otherName: other.name, onArrived: settle, announce: setAnnouncement });
  useMarkSeen([...messages].reverse().find((m) => !mine(m)));

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = conversation;
  const scroll = useConversationScroll({
    lastId: messages[messages.length - 1]?.id,
    pendingCount: pending.length,
    pageCount: conversation.data?.pages.length ?? 0,
    hasNextPage,
    isFetchingNextPage,
    fetchNextPage,
  });

  const [text, setText] = useDraft(viewer, a, b, initialText);
  // A photo that no longer loads has outlived its signed URL: read the conversation again, at most once a minute.
  const refreshed = useRef(0);
  const { refetch } = conversation;
  const refreshPhotos = useCallback(() => {
    if (Date.now() - refreshed.current < 60_000) return;
    refreshed.current = Date.now();
    void refetch();
  }, [refetch]);
  // While photos show, their links (signed for at least 15 minutes) are read afresh before they expire.
  const hasPhotos = messages.some((m) => m.photos?.length);
  useEffect(() => {
    if (!hasPhotos) return;
    const timer = setInterval(() => void refetch(), 12 * 60_000);
    return () => clearInterval(timer);
  }, [hasPhotos, refetch]);
  const waiting = !canStart && !convId && !conversation.isPending;
  const pane = usePhonePaneHeight<HTMLElement>();

  return (
    // On a phone the pane reaches the bottom of the screen (usePhonePaneHeight) and clips without
    // scrolling (overflow: clip), so the composer stays at the bottom of the screen, sticky as the
    // page scrolls, while the list scrolls above it.
    <section ref={pane} className="flex h-[calc(100dvh-4rem)] min-h-72 flex-col overflow-clip rounded-xl sm:overflow-hidden border border-gray-200 bg-white shadow-sm sm:h-[calc(100dvh-12rem)] sm:min-h-96" aria-label={`Conversation with ${shownOther.name}`}>
      <ConversationHeader other={shownOther} otherHref={otherHref} me={me} convId={convId} muted={row?.muted ?? false} />

      {/* A scrolling region the keyboard reaches (Tab, then the arrow keys scroll it), named for the reader. */}
      <div
        ref={scroll.scroller}
        role="region"
        tabIndex={0}
        aria-label={`Messages with ${shownOther.name}`}
        className="min-h-0 flex-1 space-y-4 overflow-y-auto px-3 py-4 focus:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-primary-600 sm:px-5"
        onScroll={scroll.onScroll}
      >
        <div ref={scroll.topSentinel} />
        {hasNextPage ? (
          <div className="text-center">
            <button type="button" onClick={scroll.loadEarlier} disabled={isFetchingNextPage} className="rounded-md px-3 py-1.5 text-sm font-medium text-primary-800 hover:bg-primary-50">
              {isFetchingNextPage ? 'Loading earlier messages…' : 'Load earlier messages'}
            </button>
          </div>
        ) : null}
        {conversation.isPending ? <Loading label="Loading the conversation…" /> : null}
        {conversation.isError ? <FormAlert message={failureMessage(conversation.error)} title="Could not load the conversation" /> : null}
        {!conversation.isPending && !conversation.isError && messages.length === 0 && pending.length === 0 ? (
          <p className="py-10 text-center text-gray-600">No messages yet. Say hello to {shownOther.name}.</p>
        ) : null}
        <MessageList messages={messages} mine={mine} onPhotoFailed={refreshPhotos} />
        <PendingList pending={pending} onRetry={retry} onDiscard={settle} />
      </div>

      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
      {waiting ? (
        <p className="border-t border-gray-200 p-3 text-sm text-gray-700">{shownOther.name} has not written to the page yet: you can answer once they do.</p>
      ) : (
        <MessageComposer
          text={text}
          onTextChange={setText}
          otherName={shownOther.name}
          onSend={(content, photos) => {
            scroll.stickToBottom();
            send(content, photos);
          }}
        />
      )}
    </section>
  );
}
