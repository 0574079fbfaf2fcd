/** Signed-in devices: which, since when, last used; sign out one, or every other one. */
import { useState } from 'react';
import type { SessionInfo } from '@shared/answers/auth';
import { Button, FormAlert, Notice } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { Loading } from '@/components/loading';
import { formatDateTime, formatRelative } from '@/lib/format-date';
import { describeDevice } from '@/lib/user-agent';
import { useRevokeOtherSessions, useRevokeSession, useSessions } from '../api/sessions';
import { SettingsSection } from '@/components/layouts/settings-section';

export function SessionsSection() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [note, setNote] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current);

  function signOut(session: SessionInfo) {
    setNote(null);
    setFailure(null);
    revoke.mutate(session, {
      onSuccess: () => setNote(`Signed out ${describeDevice(session.device)}. It stops working within 15 minutes.`),
      onError: (err) => setFailure(failureMessage(err)),
    });
  }

  function signOutOthers() {
    setNote(null);
    setFailure(null);
    revokeOthers.mutate(undefined, {
      onSuccess: ({ revoked }) => setNote(revoked === 1 ? 'Signed out 1 other session.' : `Signed out ${revoked} other sessions.`),
      onError: (err) => setFailure(failureMessage(err)),
    });
  }

  return (
    <SettingsSection id="sessions" title="Where you are signed in" description="Sign out a device you do not recognise or no longer use.">
      <FormAlert message={failure} title="Could not sign out" />
      {note ? (
        <Notice>
          <p>{note}</p>
        </Notice>
      ) : null}
      {sessions.isPending ? <Loading label="Loading your sessions…" /> : null}
      {sessions.isError ? (
        <FormAlert message={failureMessage(sessions.error)} title="Could not load your sessions">
          <Button className="mt-3" variant="secondary" onClick={() => void sessions.refetch()} pending={sessions.isFetching} pendingLabel="Loading…">
            Try again
          </Button>
        </FormAlert>
      ) : null}
      {sessions.isSuccess ? (
        <ul className="divide-y divide-gray-200 rounded-lg border border-gray-200" aria-label="Sessions">
          {list.map((s) => (
            <li key={s.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <p className="font-medium text-gray-900" title={s.device}>
                  {describeDevice(s.device)}
                  {s.current ? <span className="ml-2 rounded-full bg-primary-100 px-2 py-0.5 text-xs font-semibold text-primary-800">This device</span> : null}
                </p>
                <p className="text-sm text-gray-600">
                  Signed in {formatDateTime(s.created_at)} · last active <time dateTime={s.last_used_at}>{formatRelative(s.last_used_at)}</time>
                </p>
              </div>
              {s.current ? null : (
                <Button
                  variant="secondary"
                  onClick={() => signOut(s)}
                  pending={revoke.isPending && revoke.variables?.id === s.id}
                  pendingLabel="Signing out…"
                  aria-label={`Sign out ${describeDevice(s.device)}, last active ${formatRelative(s.last_used_at)}`}
                >
                  Sign out
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      {sessions.isSuccess ? (
        <Button variant="danger-outline" onClick={signOutOthers} disabled={others.length === 0} pending={revokeOthers.isPending} pendingLabel="Signing out…">
          Sign out all other sessions
        </Button>
      ) : null}
    </SettingsSection>
  );
}
