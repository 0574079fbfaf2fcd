/**
 * /admin/invites?user=UUID: one member's invite links, newest first, with how many signed up
 * through each, and a switch to stop (or allow again) signups through one. Members are picked
 * from the registered users list.
 */
import { Link, useSearchParams } from 'react-router';
import * as z from 'zod/mini';
import { uuid } from '@shared/schemas/common';
import type { Invite } from '@shared/answers/users';
import { Button, FormAlert, Notice } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { Loading } from '@/components/loading';
import { PageShell } from '@/components/page-shell';
import { inviteLink, useMemberInvites, useSetInviteValidity } from '@/features/invites/api/invites';
import { formatDate } from '@/lib/format-date';

const REGISTERED = '/admin/users/registered';
const link = 'font-medium text-primary-800 underline underline-offset-2';

export default function AdminInvitesScreen() {
  const [params] = useSearchParams();
  const raw = params.get('user');
  const member = raw && z.safeParse(uuid, raw).success ? raw : null;
  return (
    <PageShell title="Invites" description="A member's invite links: how many joined through each, and a switch to stop an invite from being used.">
      {member ? (
        <MemberInvites member={member} />
      ) : (
        <Notice tone="info" title={raw ? 'That is not a member\'s address' : 'Choose a member'}>
          <p className="mt-1">
            Open{' '}
            <Link to={REGISTERED} className={link}>
              Registered users
            </Link>{' '}
            and choose Invites beside a member.
          </p>
        </Notice>
      )}
    </PageShell>
  );
}

function MemberInvites({ member }: { member: string }) {
  const invites = useMemberInvites(member);
  const validity = useSetInviteValidity(member);
  const inviter = invites.data?.pages[0]?.inviter;
  const list = invites.data?.pages.flatMap((p) => p.invites) ?? [];
  const name = inviter ? [inviter.first_name, inviter.last_name].filter(Boolean).join(' ') || inviter.username || inviter.email : '';

  return (
    <div className="space-y-4">
      <p className="text-sm">
        <Link to={REGISTERED} className={link}>
          Back to registered users
        </Link>
      </p>
      {invites.isPending ? <Loading label="Loading the invites…" /> : null}
      {invites.isError && !invites.data ? (
        <FormAlert message={failureMessage(invites.error)} title="Could not load the invites">
          <Button className="mt-3" variant="secondary" onClick={() => void invites.refetch()}>
            Try again
          </Button>
        </FormAlert>
      ) : null}
      {inviter ? (
        <h2 className="text-lg font-semibold text-gray-900">
          {name}
          {inviter.username ? <span className="ml-2 text-base font-normal text-gray-600">@{inviter.username}</span> : null}
        </h2>
      ) : null}
      <FormAlert message={validity.isError ? failureMessage(validity.error) : null} title="Could not change the invite" />
      {validity.isSuccess ? (
        <Notice>
          <p>{validity.data.is_valid ? 'The invite can be used again.' : 'The invite is switched off: no one can sign up with it now.'}</p>
        </Notice>
      ) : null}
      {invites.isSuccess && list.length === 0 ? <p className="text-gray-700">{name || 'This member'} has not made any invites.</p> : null}
      {list.length > 0 ? (
        <ul className="space-y-3" aria-label={`Invites of ${name}`}>
          {list.map((invite, i) => (
            <InviteRow
              key={invite.uuid}
              invite={invite}
              label={`Invite of ${formatDate(invite.created_at)} (${list.length - i})`}
              busy={validity.isPending && validity.variables?.uuid === invite.uuid}
              onSwitch={(is_valid) => validity.mutate({ uuid: invite.uuid, is_valid })}
            />
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

function InviteRow({ invite, label, busy, onSwitch }: { invite: Invite; label: string; busy: boolean; onSwitch: (isValid: boolean) => void }) {
  return (
    <li aria-label={label} className="flex flex-col gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 space-y-1 text-sm">
        <p className="flex flex-wrap items-center gap-2 text-gray-700">
          <span>Created {formatDate(invite.created_at)}</span>
          <span>· {invite.accepted_count === 1 ? '1 sign-up' : `${invite.accepted_count} sign-ups`}</span>
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${invite.is_valid ? 'bg-primary-100 text-primary-800' : 'bg-gray-200 text-gray-700'}`}>
            {invite.is_valid ? 'Valid' : 'Switched off'}
          </span>
        </p>
        <p className="font-mono text-xs break-all text-gray-600">{inviteLink(invite)}</p>
      </div>
      <Button
        variant={invite.is_valid ? 'danger-outline' : 'secondary'}
        className="shrink-0"
        aria-label={`${invite.is_valid ? 'Switch off' : 'Switch on'} the ${label.charAt(0).toLowerCase()}${label.slice(1)}`}
        pending={busy}
        pendingLabel="Saving…"
        onClick={() => onSwitch(!invite.is_valid)}
      >
        {invite.is_valid ? 'Switch off' : 'Switch on'}
      </Button>
    </li>
  );
}
