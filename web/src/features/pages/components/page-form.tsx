/**
 * Creating a page: name, handle, kind, about, place (picked by name or from the device), an
 * optional street address and whether it is public, an avatar (uploaded with a progress bar) and
 * who may join. The page's id is made here, so a retried submit answers the same page, and the
 * avatar is uploaded under it before the page exists.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { Place } from '@shared/answers/pages';
import { isValidHandle } from '@shared/validation';
import { Checkbox, SelectField, TextArea, TextField } from '@/components/form/fields';
import { FormAlert, SubmitButton } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, avatarFileProblem } from '@/components/form/image-file';
import type { Point } from '@/lib/places';
import { PlaceSearch } from '@/components/places/place-search';
import { UseMyLocation } from '@/components/places/use-my-location';
import { ApiError } from '@/lib/api';
import { putFile } from '@/lib/upload';
import { createPage, requestPageImageUpload, tellAdminsAboutPage, type NewPageBody } from '../api/pages';
import { OPENNESS_OPTIONS } from '../lib/page-options';
import { pageHref } from '@/lib/known-pages';

/** A handle suggested from the name: "Newtown Community Garden" → "newtown_community_garden". */
export function handleFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 30);
}

type Where = { point: Point; label: string; placeId: string | null } | null;

export function NewPageForm({ intro }: { intro?: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fileId = useId();
  const id = useRef<string>(crypto.randomUUID());
  const [name, setName] = useState('');
  const [handle, setHandle] = useState('');
  const [handleTouched, setHandleTouched] = useState(false);
  const [category, setCategory] = useState<'group' | 'organisation'>('group');
  const [about, setAbout] = useState('');
  const [where, setWhere] = useState<Where>(null);
  const [address, setAddress] = useState('');
  const [addressPublic, setAddressPublic] = useState(false);
  const [openness, setOpenness] = useState<'open' | 'moderated' | 'invite'>('open');
  const [file, setFile] = useState<File | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    if (!handleTouched) setHandle(handleFromName(name));
  }, [name, handleTouched]);

  const send = useMutation({
    mutationFn: async () => {
      let avatar: string | undefined;
      if (file) {
        setProgress(0);
        const upload = await requestPageImageUpload({ pageId: id.current, contentType: file.type as (typeof AVATAR_TYPES)[number], size: file.size });
        await putFile(upload, file, setProgress);
        avatar = upload.key;
      }
      const place = where ? (where.placeId ? { placeId: where.placeId } : { latitude: where.point.latitude, longitude: where.point.longitude }) : undefined;
      const body: NewPageBody = {
        id: id.current, handle, name, category, about, openness, addressPublic,
        ...(avatar ? { avatar } : {}), ...(place ? { place } : {}), ...(place && address.trim() ? { address: address.trim() } : {}),
      };
      const page = await createPage(body);
      // The site's admins hear of new pages; a failure here must not lose the page.
      await tellAdminsAboutPage(page.id).catch(() => undefined);
      return page;
    },
    onSuccess: (page) => {
      // Lists and panels read before now do not hold the new page.
      void queryClient.invalidateQueries({ predicate: (q) => ['pages', 'nearby', 'near-you'].includes(String(q.queryKey[0])) });
      navigate(pageHref(page.handle));
    },
    onError: (error) => {
      setProgress(null);
      if (error instanceof ApiError && error.field && ['handle', 'name', 'about', 'place', 'address', 'avatar'].includes(error.field)) {
        setErrors({ [error.field]: error.message });
      }
      // An id someone else holds: the next try goes with a new one.
      if (error instanceof ApiError && error.field === 'id') id.current = crypto.randomUUID();
    },
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    if (!name.trim()) found.name = 'Name is required';
    if (!isValidHandle(handle)) found.handle = 'Handle must be 3-30 letters, digits or _, and not a reserved word';
    if (fileProblem) found.avatar = fileProblem;
    setErrors(found);
    if (Object.keys(found).length) return;
    send.mutate();
  };


  const alert = send.isError && !(send.error instanceof ApiError && send.error.field && errors[send.error.field]) ? failureMessage(send.error) : null;

  return (
    <form onSubmit={submit} noValidate className="space-y-5 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5" aria-busy={send.isPending || undefined}>
      {intro ? <p className="text-gray-700">{intro}</p> : null}
      <FormAlert message={alert} title="Could not create the page" />
      <TextField label="Name" name="name" value={name} onValueChange={setName} error={errors.name} maxLength={80} required autoComplete="organization" />
      <TextField
        label="Handle"
        name="handle"
        value={handle}
        onValueChange={(v) => {
          setHandleTouched(true);
          setHandle(v.toLowerCase());
        }}
        error={errors.handle}
        hint={`The page's address: ${location.origin}/${handle || 'your_handle'}`}
        maxLength={30}
        required
      />
      <SelectField
        label="Kind of page"
        name="category"
        value={category}
        onValueChange={(v) => setCategory(v as 'group' | 'organisation')}
        options={[
          { value: 'group', label: 'Group (a club, a community garden)' },
          { value: 'organisation', label: 'Organisation (a nursery, a shop, a society)' },
        ]}
      />
      <TextArea label="About" name="about" value={about} onValueChange={setAbout} error={errors.about} optional maxLength={2000} rows={4} />
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-gray-800">Where it is</legend>
        {where ? (
          <p className="text-gray-800">
            <strong>{where.label}</strong>{' '}
            <button type="button" className="text-sm font-semibold text-primary-800 underline" onClick={() => setWhere(null)}>
              Change
            </button>
          </p>
        ) : (
          <>
            <PlaceSearch label="Suburb or city" error={errors.place || undefined} onPick={(p: Place) => setWhere({ point: { latitude: p.latitude, longitude: p.longitude }, label: p.label, placeId: p.id })} />
            <UseMyLocation
              onLocated={(point, near) => {
                setWhere({ point, label: near ? `near ${near.label}` : 'your position', placeId: null });
                setErrors((e) => ({ ...e, place: '' }));
              }}
              onProblem={(message) => setErrors((e) => ({ ...e, place: message }))}
            />
          </>
        )}
        {where ? (
          <>
            <TextField label="Street address" name="address" value={address} onValueChange={setAddress} error={errors.address} optional maxLength={200} autoComplete="street-address" />
            <Checkbox name="addressPublic" checked={addressPublic} onCheckedChange={setAddressPublic} label="Show the street address and exact spot to everyone" hint="Otherwise people see only the suburb and the page's ~1 km area." />
          </>
        ) : null}
      </fieldset>
      <div>
        <label htmlFor={fileId} className="mb-1 block text-sm font-medium text-gray-800">
          Avatar <span className="font-normal text-gray-600">(optional: JPEG, PNG or WebP, at most {AVATAR_MAX_BYTES / 1024 / 1024} MB)</span>
        </label>
        <input
          id={fileId}
          type="file"
          accept={AVATAR_TYPES.join(',')}
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null;
            const why = chosen ? avatarFileProblem(chosen) : null;
            setFileProblem(why);
            setFile(why ? null : chosen);
          }}
          aria-invalid={errors.avatar || fileProblem ? true : undefined}
          className="block w-full text-sm text-gray-700 file:mr-3 file:min-h-11 file:rounded-md file:border-0 file:bg-primary-50 file:px-4 file:py-2 file:font-semibold file:text-primary-800 hover:file:bg-primary-100"
        />
        {errors.avatar || fileProblem ? <p className="mt-1 text-sm text-red-700">{errors.avatar || fileProblem}</p> : null}
        {progress !== null ? (
          <progress max={100} value={progress} className="mt-2 w-full" aria-label="Uploading the avatar">
            {progress}%
          </progress>
        ) : null}
      </div>
      <SelectField
        label="Who can join"
        name="openness"
        value={openness}
        onValueChange={(v) => setOpenness(v as 'open' | 'moderated' | 'invite')}
        options={OPENNESS_OPTIONS}
      />
      <SubmitButton pending={send.isPending} pendingLabel={progress !== null && progress < 100 ? `Uploading… ${progress}%` : 'Creating…'}>
        Create page
      </SubmitButton>
    </form>
  );
}
