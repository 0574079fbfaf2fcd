/**
 * /:handle/edit for a page, for its admins (moderators see join requests and members only):
 * details, place, tags, members and roles, join requests, settings, and deleting the page after
 * typing its handle.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import type { PageView } from '@shared/answers/pages';
import type { AssignablePageRole } from '@shared/page-roles';
import { Checkbox, SelectField, TextArea, TextField } from '@/components/form/fields';
import { Button, FormAlert, Notice, SubmitButton } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { pageEditHref, paths } from '@/config/paths';
import { AVATAR_TYPES, avatarFileProblem } from '@/components/form/image-file';
import { Avatar } from '@/components/avatar';
import { imageUrl } from '@/lib/images';
import { PlaceSearch } from '@/components/places/place-search';
import { api } from '@/lib/api';
import { putFile } from '@/lib/upload';
import { changePageTags, deletePage, requestPageImageUpload, updatePage, updatePageSettings, useJoinRequests, usePageMembers, useStaffAction } from '../api/pages';
import { isPageAdmin } from '@shared/page-roles';
import { pageHref } from '@/lib/known-pages';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="space-y-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 className="text-lg font-semibold text-gray-900">{title}</h2>
      {children}
    </section>
  );
}

export function PageEditor({ page, onChanged }: { page: PageView; onChanged: () => void }) {
  const admin = isPageAdmin(page.my.role);
  return (
    <div className="space-y-6">
      <p>
        <Link to={pageHref(page.handle)} className="font-semibold text-primary-800 underline underline-offset-2">
          Back to {page.name}
        </Link>
      </p>
      {admin ? <DetailsSection page={page} onChanged={onChanged} /> : null}
      {admin ? <TagsSection page={page} onChanged={onChanged} /> : null}
      <RequestsSection page={page} />
      <MembersSection page={page} admin={admin} />
      {admin ? <SettingsSection page={page} onChanged={onChanged} /> : null}
      {admin ? <DeleteSection page={page} /> : null}
    </div>
  );
}

function DetailsSection({ page, onChanged }: { page: PageView; onChanged: () => void }) {
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

function TagsSection({ page, onChanged }: { page: PageView; onChanged: () => void }) {
  const [text, setText] = useState('');
  const change = useMutation({
    mutationFn: ({ add, remove }: { add: string[]; remove: string[] }) => changePageTags(page.id, add, remove),
    onSuccess: () => {
      setText('');
      onChanged();
    },
  });
  return (
    <Section title="Tags">
      <FormAlert message={change.isError ? failureMessage(change.error) : null} title="Could not change the tags" />
      <ul className="flex flex-wrap gap-2">
        {page.tags.map((t) => (
          <li key={t} className="flex items-center gap-1 rounded-full bg-primary-50 px-3 py-1 text-sm text-primary-900">
            #{t}
            <button type="button" aria-label={`Remove tag ${t}`} className="ml-1 font-bold" onClick={() => change.mutate({ add: [], remove: [t] })}>
              ×
            </button>
          </li>
        ))}
        {page.tags.length === 0 ? <li className="text-sm text-gray-600">No tags yet: they help people find the page.</li> : null}
      </ul>
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          const add = text.split(',').map((t) => t.trim().toLowerCase()).filter(Boolean);
          if (add.length) change.mutate({ add, remove: [] });
        }}
      >
        <TextField label="Add tags (comma-separated)" name="tags" value={text} onValueChange={setText} className="flex-1" />
        <Button type="submit" className="self-end" pending={change.isPending} pendingLabel="Saving…">
          Add
        </Button>
      </form>
    </Section>
  );
}

function RequestsSection({ page }: { page: PageView }) {
  const requests = useJoinRequests(page.id, true);
  const act = useStaffAction();
  const list = requests.data?.pages.flatMap((p) => p.requests) ?? [];
  return (
    <Section title="Join requests">
      <FormAlert message={act.isError ? failureMessage(act.error) : requests.isError ? failureMessage(requests.error) : null} title="That did not work" />
      {requests.isPending ? <p className="text-gray-600">Loading…</p> : list.length === 0 ? <p className="text-gray-600">Nobody is waiting.</p> : null}
      <ul className="space-y-2">
        {list.map((r) => (
          <li key={r.user.uuid} className="flex flex-wrap items-center gap-3">
            <Avatar src={r.user.avatar} name={r.user.username} size="sm" />
            <span className="flex-1 font-medium">@{r.user.username}</span>
            <Button aria-label={`Approve @${r.user.username}`} disabled={act.isPending} onClick={() => act.mutate({ action: 'approve', pageId: page.id, userId: r.user.uuid })}>
              Approve
            </Button>
            <Button variant="secondary" aria-label={`Decline @${r.user.username}`} disabled={act.isPending} onClick={() => act.mutate({ action: 'decline', pageId: page.id, userId: r.user.uuid })}>
              Decline
            </Button>
          </li>
        ))}
      </ul>
      {requests.hasNextPage ? (
        <Button variant="secondary" onClick={() => void requests.fetchNextPage()} pending={requests.isFetchingNextPage} pendingLabel="Loading…">
          Show more requests
        </Button>
      ) : null}
    </Section>
  );
}

function MembersSection({ page, admin }: { page: PageView; admin: boolean }) {
  const members = usePageMembers(page.id, true);
  const act = useStaffAction();
  return (
    <Section title="Members and roles">
      <FormAlert message={act.isError ? failureMessage(act.error) : members.isError ? failureMessage(members.error) : null} title="That did not work" />
      {members.isPending ? <p className="text-gray-600">Loading members…</p> : null}
      <InviteForm page={page} />
      <ul className="space-y-2">
        {(members.data?.pages.flatMap((p) => p.members) ?? []).map((m) => (
          <li key={m.user.uuid} className="flex flex-wrap items-center gap-3">
            <Avatar src={m.user.avatar} name={m.user.username} size="sm" />
            <span className="flex-1 font-medium">@{m.user.username}</span>
            {m.role === 'creator' ? (
              <span className="text-sm text-gray-600">Founder</span>
            ) : !admin && m.role === 'member' ? (
              <Button
                variant="secondary"
                onClick={() => {
                  if (window.confirm(`Remove @${m.user.username} from ${page.name}?`)) act.mutate({ action: 'remove', pageId: page.id, userId: m.user.uuid });
                }}
              >
                Remove
              </Button>
            ) : admin ? (
              <>
                <SelectField
                  label={`Role of @${m.user.username}`}
                  name={`role-${m.user.uuid}`}
                  value={m.role}
                  onValueChange={(role) => act.mutate({ action: 'role', pageId: page.id, userId: m.user.uuid, role: role as AssignablePageRole })}
                  options={[
                    { value: 'admin', label: 'Admin' },
                    { value: 'moderator', label: 'Moderator' },
                    { value: 'member', label: 'Member' },
                  ]}
                />
                <Button
                  variant="secondary"
                  onClick={() => {
                    if (window.confirm(`Remove @${m.user.username} from ${page.name}?`)) act.mutate({ action: 'remove', pageId: page.id, userId: m.user.uuid });
                  }}
                >
                  Remove
                </Button>
              </>
            ) : (
              <span className="text-sm text-gray-600">{m.role}</span>
            )}
          </li>
        ))}
      </ul>
      {members.hasNextPage ? (
        <Button variant="secondary" onClick={() => void members.fetchNextPage()} pending={members.isFetchingNextPage} pendingLabel="Loading…">
          Show more members
        </Button>
      ) : null}
    </Section>
  );
}

/** Invite a member by username: they are notified and may join, even an invite-only page. */
function InviteForm({ page }: { page: PageView }) {
  const [username, setUsername] = useState('');
  const act = useStaffAction();
  const invite = useMutation({
    mutationFn: async () => {
      const { owner } = await api.call('GET /api/iam/user-or-page-basic/{x}', { x: username.trim().replace(/^@/, '') });
      if (owner.type !== 'user') throw new Error('That handle is a page, not a member.');
      return act.mutateAsync({ action: 'invite', pageId: page.id, userId: owner.id });
    },
    onSuccess: () => setUsername(''),
  });
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        if (username.trim()) invite.mutate();
      }}
    >
      <TextField label="Invite a member (username)" name="invite" value={username} onValueChange={setUsername} className="min-w-48 flex-1" autoComplete="off" />
      <Button type="submit" pending={invite.isPending} pendingLabel="Inviting…">
        Invite
      </Button>
      {invite.isError ? (
        <p role="alert" className="basis-full text-sm text-red-700">
          {invite.error instanceof Error && !(invite.error as { status?: number }).status ? invite.error.message : failureMessage(invite.error)}
        </p>
      ) : null}
      {invite.isSuccess ? <p className="basis-full text-sm text-primary-800">Invitation sent.</p> : null}
    </form>
  );
}

function SettingsSection({ page, onChanged }: { page: PageView; onChanged: () => void }) {
  const [openness, setOpenness] = useState(page.openness);
  const [postingRole, setPostingRole] = useState(page.postingRole);
  const [addressPublic, setAddressPublic] = useState(page.addressPublic);
  const save = useMutation({ mutationFn: () => updatePageSettings({ pageId: page.id, openness, postingRole, addressPublic }), onSuccess: onChanged });
  return (
    <Section title="Settings">
      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <FormAlert message={save.isError ? failureMessage(save.error) : null} title="Could not save the settings" />
        {save.isSuccess ? <Notice>Settings saved.</Notice> : null}
        <SelectField
          label="Who can join"
          name="openness"
          value={openness}
          onValueChange={(v) => setOpenness(v as PageView['openness'])}
          options={[
            { value: 'open', label: 'Anyone can join' },
            { value: 'moderated', label: 'People ask; admins and moderators approve' },
            { value: 'invite', label: 'Invitation only' },
          ]}
        />
        <SelectField
          label="Who can post news as the page"
          name="postingRole"
          value={postingRole}
          onValueChange={(v) => setPostingRole(v as PageView['postingRole'])}
          options={[
            { value: 'admin', label: 'Admins' },
            { value: 'moderator', label: 'Admins and moderators' },
            { value: 'member', label: 'Every member' },
          ]}
        />
        <Checkbox name="addressPublic" checked={addressPublic} onCheckedChange={setAddressPublic} label="Show the street address and exact spot to everyone" hint="Otherwise people see the suburb and the page's ~1 km area only." />
        <SubmitButton pending={save.isPending} pendingLabel="Saving…">
          Save settings
        </SubmitButton>
      </form>
    </Section>
  );
}

function DeleteSection({ page }: { page: PageView }) {
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: () => deletePage(page.id),
    onSuccess: () => {
      // Lists and panels read before now still hold the page.
      void queryClient.invalidateQueries({ predicate: (q) => ['pages', 'nearby', 'near-you'].includes(String(q.queryKey[0])) });
      navigate(paths.pages, { replace: true });
    },
  });
  return (
    <Section title="Delete the page">
      <p className="text-gray-700">Deleting removes the page, its images, its news and its memberships. It cannot be undone.</p>
      <FormAlert message={remove.isError ? failureMessage(remove.error) : null} title="Could not delete the page" />
      <TextField label={`Type ${page.handle} to confirm`} name="confirm" value={typed} onValueChange={setTyped} autoComplete="off" />
      <Button variant="danger" disabled={typed.trim().toLowerCase() !== page.handle} pending={remove.isPending} pendingLabel="Deleting…" onClick={() => remove.mutate()}>
        Delete {page.name}
      </Button>
    </Section>
  );
}
