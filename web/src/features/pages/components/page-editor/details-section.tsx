/** The page's details: avatar, cover photo, category, name, handle, about, place and street address. */
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { PageView } from '@shared/answers/pages';
import { Avatar } from '@/components/avatar';
import { Checkbox, TextArea, TextField } from '@/components/form/fields';
import { FormAlert, Notice, SubmitButton } from '@/components/form/feedback';
import { AVATAR_TYPES, avatarFileProblem } from '@/components/form/image-file';
import { failureMessage } from '@/components/form/messages';
import { PlaceSearch } from '@/components/places/place-search';
import { pageEditHref } from '@/config/paths';
import { imageUrl } from '@/lib/images';
import { putFile } from '@/lib/upload';
import { requestPageImageUpload, updatePage } from '../../api/pages';
import { Section } from './section';

export function DetailsSection({ page, onChanged }: { page: PageView; onChanged: () => void }) {
  const navigate = useNavigate();
  const [name, setName] = useState(page.name);
  const [handle, setHandle] = useState(page.handle);
  const [about, setAbout] = useState(page.about);
  const [address, setAddress] = useState(page.location?.address ?? '');
  const [placeId, setPlaceId] = useState<string | null>(null);
  const [placeLabel, setPlaceLabel] = useState(page.location?.label ?? '');
  const [category, setCategory] = useState(page.category);
  const [avatar, setAvatar] = useState<File | null>(null);
  const [cover, setCover] = useState<File | null>(null);
  const [removeAvatar, setRemoveAvatar] = useState(false);
  const [removeCover, setRemoveCover] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useMutation({
    mutationFn: async () => {
      const uploaded = async (file: File | null): Promise<string | undefined> => {
        if (!file) return undefined;
        const upload = await requestPageImageUpload({ pageId: page.id, contentType: file.type as (typeof AVATAR_TYPES)[number], size: file.size });
        await putFile(upload, file, () => undefined);
        return upload.key;
      };
      const [avatarKey, coverKey] = [await uploaded(avatar), await uploaded(cover)];
      return updatePage({
        pageId: page.id, name, about,
        ...(category !== page.category ? { category } : {}),
        ...(handle !== page.handle ? { handle } : {}),
        ...(avatarKey ? { avatar: avatarKey } : removeAvatar ? { avatar: null } : {}),
        ...(coverKey ? { cover: coverKey } : removeCover ? { cover: null } : {}),
        ...(placeId ? { place: { placeId } } : {}),
        ...((placeId || page.location) ? { address: address.trim() || null } : {}),
      });
    },
    onSuccess: (next) => {
      setSaved(true);
      setAvatar(null);
      setCover(null);
      setRemoveAvatar(false);
      setRemoveCover(false);
      onChanged();
      if (next.handle !== page.handle) navigate(pageEditHref(next.handle), { replace: true });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    if (!problem) save.mutate();
  };
  return (
    <Section title="Details">
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormAlert message={save.isError ? failureMessage(save.error) : null} title="Could not save" />
        {saved ? <Notice>Saved.</Notice> : null}
        <div className="flex items-center gap-3">
          <Avatar src={page.avatar} name={page.name} size="lg" />
          <div className="space-y-2">
            <ImageFile label="New avatar (JPEG, PNG or WebP, at most 5 MB)" onFile={(f, why) => { setProblem(why); setAvatar(why ? null : f); if (f) setRemoveAvatar(false); }} />
            {page.avatar ? <Checkbox name="removeAvatar" label="Remove the avatar" checked={removeAvatar} onCheckedChange={(v) => { setRemoveAvatar(v); if (v) setAvatar(null); }} /> : null}
          </div>
        </div>
        <div className="space-y-2">
          {page.cover ? <img src={imageUrl(page.cover)} alt="The page's cover photo" className="aspect-[3/1] w-full rounded-lg object-cover" /> : null}
          <ImageFile label="New cover photo (JPEG, PNG or WebP, at most 5 MB; shown 3:1)" onFile={(f, why) => { setProblem(why); setCover(why ? null : f); if (f) setRemoveCover(false); }} />
          {page.cover ? <Checkbox name="removeCover" label="Remove the cover photo" checked={removeCover} onCheckedChange={(v) => { setRemoveCover(v); if (v) setCover(null); }} /> : null}
        </div>
        <fieldset className="space-y-1">
          <legend className="text-sm font-medium text-gray-800">This page is</legend>
          {(['group', 'organisation'] as const).map((c) => (
            <label key={c} className="mr-4 inline-flex min-h-11 items-center gap-2 text-sm text-gray-800">
              <input type="radio" name="category" value={c} checked={category === c} onChange={() => setCategory(c)} />
              {c === 'group' ? 'a group (a club, a garden, a circle of friends)' : 'an organisation (a nursery, a shop, a society)'}
            </label>
          ))}
        </fieldset>
        {problem ? <p className="text-sm text-red-700">{problem}</p> : null}
        <TextField label="Name" name="name" value={name} onValueChange={setName} maxLength={80} required />
        <TextField label="Handle" name="handle" value={handle} onValueChange={(v) => setHandle(v.toLowerCase())} maxLength={30} hint="Changing it changes the page's address; the old one becomes free for others." />
        <TextArea label="About" name="about" value={about} onValueChange={setAbout} maxLength={2000} rows={4} optional />
        <p className="text-sm text-gray-800">
          Place: <strong>{placeLabel || 'not set'}</strong>
        </p>
        <PlaceSearch label="Move to another suburb or city" onPick={(p) => { setPlaceId(p.id); setPlaceLabel(p.label); }} />
        <TextField label="Street address" name="address" value={address} onValueChange={setAddress} maxLength={200} optional />
        <SubmitButton pending={save.isPending} pendingLabel="Saving…">
          Save details
        </SubmitButton>
      </form>
    </Section>
  );
}

function ImageFile({ label, onFile }: { label: string; onFile: (file: File | null, problem: string | null) => void }) {
  return (
    <label className="block text-sm font-medium text-gray-800">
      {label}
      <input
        type="file"
        accept={AVATAR_TYPES.join(',')}
        onChange={(e) => {
          const f = e.target.files?.[0] ?? null;
          onFile(f, f ? avatarFileProblem(f) : null);
        }}
        className="mt-1 block w-full text-sm"
      />
    </label>
  );
}
