/**
 * The profile photo: choose a JPEG, PNG or WebP of at most 5 MB (checked before asking the
 * server), see it, upload it with a progress bar, or remove the current one.
 */
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { FieldError } from '@/components/form/fields';
import { Button, FormAlert, Notice } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { avatarFileProblem, AVATAR_TYPES } from '@/components/form/image-file';
import { updateProfile } from '../api/profile';
import { setProfile } from '@/lib/auth/session';
import type { Profile } from '@/lib/auth/types';
import { imageUrl } from '@/lib/images';
import { putFile, UploadError } from '@/lib/upload';
import { requestAvatarUpload } from '../api/avatar';
import { SettingsSection } from '@/components/layouts/settings-section';

function objectUrl(file: File): string | null {
  try {
    return URL.createObjectURL(file);
  } catch {
    return null;
  }
}

type Phase = 'idle' | 'asking' | 'uploading' | 'saving';

export function AvatarSection({ user }: { user: Profile }) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>('idle');
  const [progress, setProgress] = useState(0);
  const [note, setNote] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);

  useEffect(() => () => abort.current?.abort(), []);
  useEffect(() => {
    if (!preview) return;
    return () => URL.revokeObjectURL(preview);
  }, [preview]);

  const upload = useMutation({
    mutationFn: async (chosen: File) => {
      abort.current = new AbortController();
      setProgress(0);
      setPhase('asking');
      const presigned = await requestAvatarUpload({ contentType: chosen.type as (typeof AVATAR_TYPES)[number], size: chosen.size });
      setPhase('uploading');
      await putFile(presigned, chosen, setProgress, abort.current.signal);
      setPhase('saving');
      return updateProfile({ avatar: presigned.key });
    },
    onSuccess: (profile) => {
      setProfile(profile);
      reset();
      setNote('Your new photo is saved.');
    },
    onSettled: () => setPhase('idle'),
  });

  const remove = useMutation({
    mutationFn: () => updateProfile({ avatar: null }),
    onSuccess: (profile) => {
      setProfile(profile);
      setNote('Your photo is removed.');
    },
  });

  function reset() {
    setFile(null);
    setPreview(null);
    setProblem(null);
    setProgress(0);
    if (inputRef.current) inputRef.current.value = '';
  }

  function choose(chosen: File | undefined) {
    setNote(null);
    upload.reset();
    if (!chosen) return reset();
    const why = avatarFileProblem(chosen);
    setProblem(why);
    setFile(why ? null : chosen);
    setPreview(why ? null : objectUrl(chosen));
  }

  const busy = upload.isPending;
  const shown = preview ?? (user.avatar ? imageUrl(user.avatar) : null);
  const uploadError = upload.isError && !(upload.error instanceof DOMException && upload.error.name === 'AbortError') ? upload.error : null;
  const initials = `${user.first_name?.[0] ?? ''}${user.last_name?.[0] ?? ''}`.toUpperCase() || (user.username?.[0] ?? '?').toUpperCase();

  return (
    <SettingsSection id="avatar" title="Profile photo" description="A JPEG, PNG or WebP image of at most 5 MB. Square photos look best.">
      <FormAlert message={uploadError ? (uploadError instanceof UploadError ? `${uploadError.message} Try again.` : failureMessage(uploadError)) : null} title="Could not upload the photo" />
      <FormAlert message={remove.isError ? failureMessage(remove.error) : null} title="Could not remove the photo" />
      {note ? (
        <Notice>
          <p>{note}</p>
        </Notice>
      ) : null}
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
        <div className="shrink-0">
          {shown ? (
            <img
              src={shown}
              alt={preview ? 'Preview of your new photo' : 'Your profile photo'}
              className="size-28 rounded-full border border-gray-200 object-cover"
              width={112}
              height={112}
            />
          ) : (
            <span aria-hidden="true" className="grid size-28 place-items-center rounded-full bg-primary-100 text-3xl font-semibold text-primary-800">
              {initials}
            </span>
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-3">
          <div>
            <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-gray-800">
              {user.avatar ? 'Choose a new photo' : 'Choose a photo'}
            </label>
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept={AVATAR_TYPES.join(',')}
              disabled={busy}
              onChange={(e) => choose(e.target.files?.[0])}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${inputId}-error` : undefined}
              className="block w-full text-sm text-gray-700 file:mr-3 file:min-h-11 file:rounded-md file:border-0 file:bg-primary-50 file:px-4 file:py-2 file:font-semibold file:text-primary-800 hover:file:bg-primary-100"
            />
            <FieldError id={`${inputId}-error`} error={problem ?? undefined} />
          </div>
          {busy ? (
            <div className="space-y-1">
              <label htmlFor={`${inputId}-progress`} className="block text-sm text-gray-700">
                {phase === 'uploading' ? `Uploading… ${progress}%` : phase === 'saving' ? 'Saving…' : 'Preparing the upload…'}
              </label>
              <progress id={`${inputId}-progress`} max={100} value={progress} className="h-2 w-full accent-primary-700">
                {progress}%
              </progress>
            </div>
          ) : null}
          <div className="flex flex-wrap gap-3">
            {file ? (
              <>
                <Button onClick={() => upload.mutate(file)} pending={busy} pendingLabel="Uploading…">
                  Upload photo
                </Button>
                <Button variant="secondary" onClick={() => (busy ? abort.current?.abort() : reset())}>
                  Cancel
                </Button>
              </>
            ) : null}
            {!file && user.avatar ? (
              <Button variant="danger-outline" onClick={() => remove.mutate()} pending={remove.isPending} pendingLabel="Removing…">
                Remove photo
              </Button>
            ) : null}
          </div>
        </div>
      </div>
    </SettingsSection>
  );
}
