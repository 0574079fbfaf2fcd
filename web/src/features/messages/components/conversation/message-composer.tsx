/**
 * The composer: a textarea that keeps a draft, at most MESSAGE_MAX characters, and up to
 * MAX_PHOTOS_PER_MESSAGE photos, each scaled and uploaded as soon as it is picked (its progress on
 * its thumbnail, Retry when it failed, Remove). Enter sends with a keyboard; on a touch screen (no
 * Shift key) it starts a new line. A message may be photos alone.
 */
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { MAX_PHOTOS_PER_MESSAGE } from '@shared/content-rules';
import { MESSAGE_MAX } from '@shared/schemas/messages';
import { CloseIcon, SpinnerIcon } from '@/components/icons';
import { usePhotoUploads, type PhotoUpload } from '@/lib/photos/use-photo-uploads';
import { requestMessagePhotoUpload } from '../../api/messages';

interface ComposerProps {
  text: string;
  onTextChange: (text: string) => void;
  /** Who the message goes to, for the label and the placeholder. */
  otherName: string;
  /** Called with the trimmed text of a message that fits, and the upload ids of its photos. */
  onSend: (content: string, photos: string[]) => void;
}

const DEPS = { request: requestMessagePhotoUpload };

export function MessageComposer({ text, onTextChange: setText, otherName, onSend }: ComposerProps) {
  const inputId = useId();
  const uploads = usePhotoUploads({ max: MAX_PHOTOS_PER_MESSAGE, deps: DEPS });
  const [overflow, setOverflow] = useState<string | null>(null);
  const photoIds = uploads.uploaded.flatMap((p) => (p.uploadId ? [p.uploadId] : []));
  const failed = uploads.items.some((p) => p.status === 'failed');
  const tooLong = text.length > MESSAGE_MAX;
  const ready = (!!text.trim() || photoIds.length > 0) && !tooLong && !uploads.busy && !failed;

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    if (!ready) return;
    onSend(text.trim(), photoIds);
    setText('');
    uploads.clear();
    setOverflow(null);
  };

  const [touch] = useState(() => typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches);
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!touch && event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };
  const full = uploads.items.length >= MAX_PHOTOS_PER_MESSAGE;
  const failedAt = uploads.items.findIndex((p) => p.status === 'failed');
  const failedItem = uploads.items[failedAt];
  // Said in words (not only over the thumbnail), for a phone and a screen reader alike.
  const status = uploads.busy
    ? 'Uploading photos…'
    : failedItem
      ? `Photo ${failedAt + 1} did not upload${failedItem.error ? `: ${failedItem.error}` : ''} ${failedItem.retryable ? 'Retry or remove it to send.' : 'Remove it to send.'}`
      : photoIds.length
        ? `${photoIds.length === 1 ? 'The photo is' : `${photoIds.length} photos are`} ready to send.`
        : '';

  return (
    <form onSubmit={submit} className="sticky bottom-0 z-10 border-t border-gray-200 bg-white p-3 sm:static">
      <label htmlFor={inputId} className="sr-only">
        Write a message to {otherName}
      </label>
      {uploads.items.length ? (
        <ul className="mb-2 flex gap-2 overflow-x-auto" aria-label="Photos to send">
          {uploads.items.map((item, index) => (
            <PhotoThumb
              key={item.id}
              item={item}
              index={index}
              onRetry={() => uploads.retry(item.id)}
              onRemove={() => {
                setOverflow(null);
                uploads.remove(item.id);
              }}
            />
          ))}
        </ul>
      ) : null}
      {overflow ? (
        <p className="mb-2 text-sm text-red-700" role="alert">
          {overflow}
        </p>
      ) : null}
      <div className="flex items-end gap-2">
        <input
          id={`${inputId}-photos`}
          type="file"
          accept="image/*"
          multiple
          disabled={full}
          onChange={(e) => {
            const files = e.target.files;
            if (files?.length) setOverflow(uploads.add(Array.from(files)));
            e.target.value = '';
          }}
          className="peer sr-only"
        />
        <label
          htmlFor={`${inputId}-photos`}
          title={full ? `At most ${MAX_PHOTOS_PER_MESSAGE} photos` : 'Add photos'}
          className="flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-lg border border-gray-300 text-gray-700 hover:bg-gray-50 peer-focus-visible:ring-2 peer-focus-visible:ring-primary-700 peer-disabled:cursor-not-allowed peer-disabled:opacity-50"
        >
          <PhotoIcon />
          <span className="sr-only">Add photos (up to {MAX_PHOTOS_PER_MESSAGE})</span>
        </label>
        <textarea
          id={inputId}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          rows={2}
          placeholder={`Write to ${otherName}…`}
          aria-invalid={tooLong || undefined}
          aria-describedby={tooLong ? `${inputId}-long` : undefined}
          className="min-h-11 min-w-0 flex-1 resize-y rounded-lg border border-gray-300 px-3 py-2 text-base focus:border-primary-600 focus:outline-none focus:ring-2 focus:ring-primary-200"
        />
        <button type="submit" disabled={!ready} className="min-h-11 rounded-lg bg-primary-700 px-4 font-semibold text-white hover:bg-primary-800 disabled:opacity-50">
          Send
        </button>
      </div>
      {/* One live region, always there, so each change of the photos' state is announced. */}
      <p className={`mt-1 text-sm ${failedItem ? 'text-red-700' : 'text-gray-700'} ${status ? '' : 'sr-only'}`} aria-live="polite">
        {status}
      </p>
      {tooLong ? (
        <p id={`${inputId}-long`} className="mt-1 text-sm text-red-700">
          A message holds at most {MESSAGE_MAX.toLocaleString()} characters ({text.length.toLocaleString()} now).
        </p>
      ) : status || touch ? null : (
        <p className="mt-1 hidden text-xs text-gray-500 sm:block">Enter sends; Shift+Enter starts a new line.</p>
      )}
    </form>
  );
}

/** A picked photo: its preview, with its progress or failure over it, and Remove. */
function PhotoThumb({ item, index, onRetry, onRemove }: { item: PhotoUpload; index: number; onRetry: () => void; onRemove: () => void }) {
  const name = `photo ${index + 1}`;
  const working = item.status === 'preparing' || item.status === 'uploading';
  return (
    <li className="relative size-16 shrink-0 overflow-hidden rounded-md bg-gray-100" aria-busy={working || undefined}>
      {item.previewUrl ? <img src={item.previewUrl} alt={`Preview of ${name}`} className="size-full object-cover" /> : null}
      {working ? (
        <span className="absolute inset-0 flex items-center justify-center bg-black/40 text-xs font-semibold text-white">
          <SpinnerIcon className="size-4 animate-spin" />
          <span className="sr-only">{`Uploading ${name}: `}</span>
          {item.status === 'uploading' ? `${item.progress}%` : null}
        </span>
      ) : null}
      {item.status === 'failed' && item.retryable ? (
        <button type="button" onClick={onRetry} className="absolute inset-x-0 bottom-0 h-8 bg-red-900/70 text-xs font-semibold text-white">
          Retry<span className="sr-only">{` ${name}`}</span>
        </button>
      ) : item.status === 'failed' ? (
        <span className="absolute inset-x-0 bottom-0 flex h-8 items-center justify-center bg-red-900/70 text-xs font-semibold text-white">Failed</span>
      ) : null}
      <button type="button" onClick={onRemove} className="absolute top-0 right-0 flex size-7 items-center justify-center rounded-bl-md bg-white/90 text-gray-800 shadow hover:bg-white" aria-label={`Remove ${name}`}>
        <CloseIcon className="size-4" />
      </button>
    </li>
  );
}

function PhotoIcon() {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" className="size-5" aria-hidden="true">
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <circle cx="9" cy="10" r="1.8" />
      <path d="m21 16-5-5-8 8" />
    </svg>
  );
}
