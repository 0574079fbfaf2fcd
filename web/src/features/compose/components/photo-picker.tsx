/**
 * Picking photos for a draft: a file input, then one row per photo with its preview, upload
 * progress, error, Retry and Remove, and (optionally) a description that doubles as alt text.
 */
import { useId, useState } from 'react';
import { PHOTO_DESCRIPTION_MAX } from '@shared/content-rules';
import { FieldError, inputClass } from '@/components/form/fields';
import { buttonClass } from '@/components/form/feedback';
import { AlertIcon, CheckIcon, SpinnerIcon } from '@/components/icons';
import type { PhotoUpload, PhotoUploads } from '@/lib/photos/use-photo-uploads';

const statusText = (item: PhotoUpload) =>
  item.status === 'preparing'
    ? 'Preparing…'
    : item.status === 'uploading'
      ? `Uploading… ${item.progress}%`
      : item.status === 'done'
        ? 'Uploaded'
        : 'Upload failed';

export function PhotoPicker({
  uploads,
  max,
  disabled = false,
  error,
  descriptions = false,
  label = 'Add photos',
  hint,
}: {
  uploads: PhotoUploads;
  max: number;
  disabled?: boolean;
  error?: string;
  /** Show a description field per photo. */
  descriptions?: boolean;
  label?: string;
  hint?: string;
}) {
  const id = useId();
  const inputId = `${id}-input`;
  const [overflow, setOverflow] = useState<string | null>(null);
  const { items } = uploads;
  const full = items.length >= max;
  const shownError = overflow ?? error;

  function pick(list: FileList | null, input: HTMLInputElement) {
    if (!list || list.length === 0) return;
    setOverflow(uploads.add(Array.from(list)));
    // The same file can be picked again after it was removed.
    input.value = '';
  }

  return (
    <div className="space-y-3" data-invalid={shownError ? true : undefined}>
      <div className="flex flex-wrap items-center gap-3">
        <input
          id={inputId}
          type="file"
          accept="image/*"
          multiple
          disabled={disabled || full}
          onChange={(e) => pick(e.target.files, e.target)}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={[`${id}-hint`, shownError ? `${id}-error` : ''].filter(Boolean).join(' ')}
          className="peer sr-only"
        />
        <label
          htmlFor={inputId}
          className={`${buttonClass('secondary')} cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-primary-700 peer-disabled:cursor-not-allowed peer-disabled:opacity-60`}
        >
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-gray-600">
          {hint ?? `Up to ${max} photos; large ones are scaled down before they upload.`} {`${items.length} of ${max} added.`}
        </p>
      </div>
      <FieldError id={`${id}-error`} error={shownError ?? undefined} />

      {items.length > 0 ? (
        <ul className="grid gap-3 sm:grid-cols-2" aria-label="Photos">
          {items.map((item, index) => (
            <PhotoRow
              key={item.id}
              item={item}
              index={index}
              disabled={disabled}
              descriptions={descriptions}
              onRetry={() => uploads.retry(item.id)}
              onRemove={() => {
                setOverflow(null);
                uploads.remove(item.id);
              }}
              onDescription={(value) => uploads.setDescription(item.id, value)}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function PhotoRow({
  item,
  index,
  disabled,
  descriptions,
  onRetry,
  onRemove,
  onDescription,
}: {
  item: PhotoUpload;
  index: number;
  disabled: boolean;
  descriptions: boolean;
  onRetry: () => void;
  onRemove: () => void;
  onDescription: (value: string) => void;
}) {
  const id = useId();
  const name = `photo ${index + 1}`;
  const working = item.status === 'preparing' || item.status === 'uploading';
  return (
    <li className="flex gap-3 rounded-lg border border-gray-200 bg-white p-3" aria-busy={working || undefined}>
      <div className="size-20 shrink-0 overflow-hidden rounded-md bg-gray-100">
        {item.previewUrl ? (
          <img src={item.previewUrl} alt={item.description.trim() || `Preview of ${item.name}`} className="size-full object-cover" />
        ) : null}
      </div>
      <div className="min-w-0 flex-1 space-y-2">
        <p className="truncate text-sm font-medium text-gray-900" title={item.name}>
          {item.name}
        </p>
        <p className="flex items-center gap-1.5 text-sm text-gray-700" id={`${id}-status`} aria-live="polite">
          {working ? <SpinnerIcon className="size-4 animate-spin text-primary-700" /> : null}
          {item.status === 'done' ? <CheckIcon className="size-4 text-primary-700" /> : null}
          {item.status === 'failed' ? <AlertIcon className="size-4 text-red-700" /> : null}
          <span>{statusText(item)}</span>
        </p>
        {working ? (
          <progress
            max={100}
            value={item.status === 'uploading' ? item.progress : undefined}
            aria-label={`Upload of ${item.name}`}
            className="h-2 w-full accent-primary-700"
          >
            {item.progress}%
          </progress>
        ) : null}
        {item.error ? <p className="text-sm text-red-700">{item.error}</p> : null}
        {descriptions ? (
          <div>
            <label htmlFor={`${id}-description`} className="mb-1 block text-sm font-medium text-gray-800">
              {`Description of ${name}`}
              <span className="font-normal text-gray-600"> (optional)</span>
            </label>
            <input
              id={`${id}-description`}
              value={item.description}
              onChange={(e) => onDescription(e.target.value)}
              maxLength={PHOTO_DESCRIPTION_MAX}
              disabled={disabled}
              placeholder="What does this photo show?"
              className={`${inputClass} border-gray-300`}
            />
          </div>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {item.status === 'failed' && item.retryable ? (
            <button type="button" onClick={onRetry} disabled={disabled} className={buttonClass('secondary')} aria-label={`Retry ${name}`}>
              Retry
            </button>
          ) : null}
          <button type="button" onClick={onRemove} disabled={disabled} className={buttonClass('danger-outline')} aria-label={`Remove ${name}`}>
            Remove
          </button>
        </div>
      </div>
    </li>
  );
}
