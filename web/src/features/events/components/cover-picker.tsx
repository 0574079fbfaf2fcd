/**
 * An event's cover photo: choosing a file uploads it at once (with its progress, and Cancel), then
 * hands its key on; Remove hands on null. The creation form sends the key with the new event; the
 * editor saves it on the event, which deletes the photo it replaces.
 */
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/form/feedback';
import { AVATAR_TYPES, avatarFileProblem } from '@/components/form/image-file';
import { imageUrl } from '@/lib/images';
import { isAbort, putFile } from '@/lib/upload';
import { failureMessage } from '@/components/form/messages';
import { requestEventImageUpload } from '../api/events';

interface Props {
  eventId: string;
  /** The key shown now (saved, or uploaded and not yet saved). */
  cover: string | null;
  onChange: (key: string | null) => void;
  /** Saving the change elsewhere (the editor's update). */
  busy?: boolean;
  error?: string | null;
  /** Told when an upload starts and ends (a form waits for it before it sends). */
  onUploading?: (uploading: boolean) => void;
}

export function CoverPicker({ eventId, cover, onChange, busy = false, error, onUploading }: Props) {
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => () => { if (preview) URL.revokeObjectURL(preview); }, [preview]);

  const upload = async (file: File) => {
    const why = avatarFileProblem(file);
    setProblem(why);
    if (why) return;
    const controller = new AbortController();
    abort.current = controller;
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    onUploading?.(true);
    try {
      const presigned = await requestEventImageUpload({ eventId, contentType: file.type as (typeof AVATAR_TYPES)[number], size: file.size });
      await putFile(presigned, file, setProgress, controller.signal);
      onChange(presigned.key);
    } catch (err) {
      setPreview(null);
      if (!isAbort(err)) setProblem(failureMessage(err));
    } finally {
      setProgress(null);
      onUploading?.(false);
      abort.current = null;
      if (input.current) input.current.value = '';
    }
  };

  const shown = progress !== null ? preview : cover ? imageUrl(cover) : null;
  return (
    <fieldset className="space-y-2" aria-busy={progress !== null || busy || undefined}>
      <legend className="text-sm font-medium text-gray-800">
        Cover photo <span className="font-normal text-gray-600">(optional)</span>
      </legend>
      {shown ? <img src={shown} alt="The event's cover photo" className="aspect-[3/1] w-full rounded-lg bg-gray-100 object-cover" /> : null}
      {progress !== null ? (
        <div className="flex items-center gap-2">
          <progress max={100} value={progress} aria-label="Upload of the cover photo" className="h-2 w-full accent-primary-700">
            {progress}%
          </progress>
          <Button variant="secondary" onClick={() => abort.current?.abort()}>
            Cancel
          </Button>
        </div>
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          <label className="block text-sm text-gray-800">
            {cover ? 'Replace it' : 'Add one'} (JPEG, PNG or WebP, at most 5 MB; shown 3:1)
            <input
              ref={input}
              type="file"
              name="cover"
              accept={AVATAR_TYPES.join(',')}
              disabled={busy}
              onChange={(e) => {
                const f = e.target.files?.[0];
                if (f) void upload(f);
              }}
              className="mt-1 block w-full text-sm"
            />
          </label>
          {cover ? (
            <Button variant="secondary" onClick={() => onChange(null)} pending={busy} pendingLabel="Saving…">
              Remove the cover photo
            </Button>
          ) : null}
        </div>
      )}
      {problem || error ? <p className="text-sm text-red-700">{problem || error}</p> : null}
    </fieldset>
  );
}
