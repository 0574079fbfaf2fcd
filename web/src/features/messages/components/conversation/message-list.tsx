/** The messages grouped by day, then the reader's own still on their way ("Sending…", or "Not sent" with a retry). */
import { useState } from 'react';
import type { MessagePhoto, MessageView } from '@shared/answers/messages';
import type { Pending } from '../../hooks/use-send-queue';
import { dayLabel, groupByDay } from '../../lib/text';
import { LinkedText } from '@/components/linked-text';
import { formatTime } from '@/lib/format-date';
import { useReportAction } from '@/components/report/report-action';

export function MessageList({ messages, mine, onPhotoFailed }: { messages: MessageView[]; mine: (m: MessageView) => boolean; onPhotoFailed?: () => void }) {
  return (
    <>
      {groupByDay(messages).map((g) => (
        <div key={g.day} className="space-y-2">
          <p className="text-center text-xs font-medium text-gray-500">{dayLabel(g.day)}</p>
          <ol className="space-y-2">
            {g.items.map((m) => (
              <li key={m.id} className={`flex flex-col ${mine(m) ? 'items-end' : 'items-start'}`} data-testid="message">
                <div className={`max-w-[85%] rounded-2xl px-3.5 py-2 whitespace-pre-wrap break-words sm:max-w-[70%] ${mine(m) ? 'bg-primary-700 text-white' : 'bg-gray-100 text-gray-900'}`}>
                  {m.photos?.length && !m.hidden ? <MessagePhotos photos={m.photos} mine={mine(m)} onFailed={onPhotoFailed} /> : null}
                  {m.hidden ? <em className={mine(m) ? 'text-primary-100' : 'text-gray-600'}>Hidden by an admin</em> : m.content ? <LinkedText text={m.content} /> : null}
                  <time dateTime={m.createdAt} className={`mt-1 block text-right text-[11px] ${mine(m) ? 'text-primary-100' : 'text-gray-600'}`}>
                    {formatTime(m.createdAt)}
                  </time>
                </div>
                {mine(m) || m.hidden ? null : <ReportMessage message={m} />}
              </li>
            ))}
          </ol>
        </div>
      ))}
    </>
  );
}

/**
 * A message's photos: each its small rendition (or the photo) at its own proportions, linking to
 * the full photo. Their URLs are signed for a while; one that fails to load asks for fresh ones.
 */
function MessagePhotos({ photos, mine, onFailed }: { photos: MessagePhoto[]; mine: boolean; onFailed?: () => void }) {
  return (
    <ul className={`mb-1 grid gap-1 ${photos.length > 1 ? 'grid-cols-2' : 'grid-cols-1'}`} aria-label={photos.length === 1 ? 'Photo' : `${photos.length} photos`}>
      {photos.map((p, i) => (
        // A new URL (read again) is a new try.
        <PhotoTile key={`${p.id} ${p.url}`} photo={p} alt={`Photo ${i + 1} of ${photos.length}, opens full size in a new tab`} single={photos.length === 1} mine={mine} onFailed={onFailed} />
      ))}
    </ul>
  );
}

/** One photo in a box of fixed size (one photo: its own proportions), so nothing moves when it loads; a box that says so when it cannot load. */
function PhotoTile({ photo: p, alt, single, mine, onFailed }: { photo: MessagePhoto; alt: string; single: boolean; mine: boolean; onFailed?: () => void }) {
  const [broken, setBroken] = useState(false);
  const box = single ? 'max-h-80 w-56 sm:w-64' : 'size-28 sm:size-36';
  const shape = single ? { aspectRatio: `${Math.max(p.width, 1)} / ${Math.max(p.height, 1)}` } : undefined;
  if (broken) {
    return (
      <li>
        <span style={shape} className={`${box} flex items-center justify-center rounded-lg bg-black/10 p-2 text-center text-xs ${mine ? 'text-primary-50' : 'text-gray-700'}`}>
          Photo unavailable
        </span>
      </li>
    );
  }
  return (
    <li>
      <a
        href={p.url}
        target="_blank"
        rel="noopener noreferrer"
        className={`block overflow-hidden rounded-lg bg-black/5 focus-visible:ring-2 ${mine ? 'focus-visible:ring-white focus-visible:ring-offset-1 focus-visible:ring-offset-primary-700' : 'focus-visible:ring-primary-600'}`}
      >
        <img
          src={p.smallUrl ?? p.url}
          width={p.width}
          height={p.height}
          loading="lazy"
          alt={alt}
          onError={() => {
            setBroken(true);
            // Its signed URL may have expired: the conversation is read again for fresh ones.
            onFailed?.();
          }}
          style={shape}
          className={`${box} object-cover`}
        />
      </a>
    </li>
  );
}

/** "Report" under a message the reader did not send; the dialog opens beside it. */
function ReportMessage({ message }: { message: MessageView }) {
  const report = useReportAction({ type: 'message', id: message.id });
  // Each button's name says which message it reports.
  const text = message.content.replace(/\s+/g, ' ').trim();
  const count = message.photos?.length ?? 0;
  const which = text ? `“${text.length > 40 ? `${text.slice(0, 39)}…` : text}”` : `with ${count === 1 ? 'a photo' : `${count} photos`}`;
  return (
    <>
      <button type="button" onClick={report.action.onSelect} className="rounded px-2 py-1 text-xs text-gray-600 underline hover:text-gray-900">
        Report<span className="sr-only">{` the message ${which} sent at ${formatTime(message.createdAt)}`}</span>
      </button>
      {report.dialog}
    </>
  );
}

export function PendingList({ pending, onRetry, onDiscard }: { pending: Pending[]; onRetry: (p: Pending) => void; onDiscard: (id: string) => void }) {
  if (!pending.length) return null;
  return (
    <ol className="space-y-2">
      {pending.map((p) => (
        <li key={p.id} className="flex flex-col items-end" data-testid="pending-message">
          <div className="max-w-[85%] rounded-2xl bg-primary-700/70 px-3.5 py-2 whitespace-pre-wrap break-words text-white sm:max-w-[70%]">
            {p.photos.length ? <span className="block text-sm italic">{p.photos.length === 1 ? 'A photo' : `${p.photos.length} photos`}</span> : null}
            {p.content}
          </div>
          {p.state === 'sending' ? (
            <span className="mt-1 text-xs text-gray-500">Sending…</span>
          ) : (
            <span className="mt-1 flex items-center gap-2 text-xs text-red-700" role="alert">
              Not sent{p.error ? `: ${p.error}` : ''}
              <button type="button" onClick={() => onRetry(p)} className="rounded px-2 py-1 font-semibold underline">
                Retry
              </button>
              <button type="button" onClick={() => onDiscard(p.id)} className="rounded px-2 py-1 text-gray-600 underline">
                Discard
              </button>
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
