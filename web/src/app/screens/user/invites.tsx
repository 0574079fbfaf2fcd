/** /user/invites: the member's invites with their links (copy, or share on a phone), how many joined with each, and a button to create one. */
import { useId } from 'react';
import { Button, FormAlert, Notice } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { CopyButton } from '@/components/copy-button';
import { Loading } from '@/components/loading';
import { PageShell } from '@/components/page-shell';
import { useAuth } from '@/lib/auth/auth-store';
import { RegistrationGate } from '@/features/auth/components/registration-gate';
import type { Invite } from '@shared/answers/users';
import { inviteLink, useCreateInvite, useInvites } from '@/features/invites/api/invites';
import { formatDate } from '@/lib/format-date';

export default function InvitesScreen() {
  return (
    <PageShell title="Invites" description="Invite friends to the community: each invite is a link you send them.">
      <RegistrationGate action="invite people">
        <InvitesPanel />
      </RegistrationGate>
    </PageShell>
  );
}

function InvitesPanel() {
  const { user } = useAuth();
  const invites = useInvites(!!user?.registration_complete);
  const create = useCreateInvite();
  const list = invites.data?.pages.flatMap((p) => p.invites) ?? [];

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={() => create.mutate()} pending={create.isPending} pendingLabel="Creating…">
          Create an invite
        </Button>
      </div>
      <FormAlert message={create.isError ? failureMessage(create.error) : null} title="Could not create an invite" />
      {create.isSuccess ? (
        <Notice title="Invite created">
          <p className="mt-1">Copy its link below and send it to your friend.</p>
        </Notice>
      ) : null}
      {invites.isPending ? <Loading label="Loading your invites…" /> : null}
      {invites.isError && !invites.data ? (
        <FormAlert message={failureMessage(invites.error)} title="Could not load your invites">
          <Button className="mt-3" variant="secondary" onClick={() => void invites.refetch()}>
            Try again
          </Button>
        </FormAlert>
      ) : null}
      {invites.isSuccess && list.length === 0 ? <p className="text-gray-700">You have not invited anyone yet.</p> : null}
      {list.length > 0 ? (
        <ul className="space-y-3" aria-label="Your invites">
          {list.map((invite) => (
            <InviteItem key={invite.uuid} invite={invite} />
          ))}
        </ul>
      ) : null}
      {invites.hasNextPage ? (
        <Button variant="secondary" onClick={() => void invites.fetchNextPage()} pending={invites.isFetchingNextPage} pendingLabel="Loading more…">
          Load more
        </Button>
      ) : null}
    </div>
  );
}

/** Whether the device can hand the link to another app (the phone's share sheet). */
const canShare = () => typeof navigator !== 'undefined' && typeof navigator.share === 'function';

function InviteItem({ invite }: { invite: Invite }) {
  const inputId = useId();
  const link = inviteLink(invite);
  return (
    <li className="space-y-2 rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
      <p className="flex flex-wrap items-center gap-2 text-sm text-gray-600">
        <span>Created {formatDate(invite.created_at)}</span>
        {invite.accepted_count ? <span>· {invite.accepted_count === 1 ? '1 person joined with it' : `${invite.accepted_count} people joined with it`}</span> : null}
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${invite.is_valid ? 'bg-primary-100 text-primary-800' : 'bg-gray-200 text-gray-700'}`}>
          {invite.is_valid ? 'Valid' : 'No longer valid'}
        </span>
      </p>
      <label htmlFor={inputId} className="sr-only">
        Invite link
      </label>
      <input id={inputId} readOnly value={link} className="block w-full rounded-md border border-gray-300 bg-gray-50 px-3 py-2 font-mono text-sm text-gray-800" onFocus={(e) => e.target.select()} />
      {invite.is_valid ? (
        <span className="flex flex-wrap gap-2">
          <CopyButton text={link} fallbackInputId={inputId} />
          {canShare() ? (
            <Button variant="secondary" onClick={() => void navigator.share({ title: 'Join me', text: 'Come and grow with me: here is an invite to join.', url: link }).catch(() => undefined)}>
              Share
            </Button>
          ) : null}
        </span>
      ) : null}
    </li>
  );
}
