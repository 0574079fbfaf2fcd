/**
 * An admin list of users (complete or incomplete registrations): a table on wide screens, cards
 * on phones (one markup, restyled), "Load more" by cursorId. A list already holding more than
 * one entry is not reloaded on return (as the feeds, useFeed in lib/feed/feed.ts);
 * the Refresh button forces a reload.
 */
import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '@/components/dialog';
import { Button, buttonClass, FormAlert, Notice } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { Loading } from '@/components/loading';
import { useAuth } from '@/lib/auth/auth-store';
import { formatDate } from '@/lib/format-date';
import type { AdminUser, AdminUserPage } from '@shared/answers/admin';
import { adminUsersQueryKey, deleteUser, listUsers, updateUser, type UserListKind } from '../api/admin';

type Pages = InfiniteData<AdminUserPage, string | undefined>;

export const countUsers = (data: Pages | undefined) => data?.pages.reduce((n, p) => n + p.users.length, 0) ?? 0;

export function useAdminUsers(kind: UserListKind) {
  return useInfiniteQuery({
    queryKey: adminUsersQueryKey(kind),
    queryFn: ({ pageParam, signal }) => listUsers(kind, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursorId ?? undefined,
    staleTime: Infinity,
    // Load again only when the list holds one entry or none, unless forced (Refresh).
    refetchOnMount: (query) => (countUsers(query.state.data as Pages | undefined) <= 1 ? 'always' : false),
  });
}

export function displayName(u: AdminUser): string {
  const name = [u.first_name, u.last_name].filter(Boolean).join(' ');
  return name || (u.username ? `@${u.username}` : u.email);
}

type Change = { user: AdminUser; patch: { suspended?: boolean; is_admin?: boolean }; done: string };

const cell = 'px-3 py-2 align-top max-md:flex max-md:gap-2 max-md:px-0 max-md:py-1 max-md:before:w-24 max-md:before:shrink-0 max-md:before:font-medium max-md:before:text-gray-600 max-md:before:content-[attr(data-label)]';

export function UsersAdminList({ kind }: { kind: UserListKind }) {
  const auth = useAuth();
  const queryClient = useQueryClient();
  const users = useAdminUsers(kind);
  const [note, setNote] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<AdminUser | null>(null);
  /** The user a suspension is being confirmed for (lifting one needs no confirmation: it only gives back). */
  const [suspending, setSuspending] = useState<AdminUser | null>(null);
  const key = adminUsersQueryKey(kind);

  const replaceUser = (next: AdminUser) =>
    queryClient.setQueryData<Pages>(key, (data) =>
      data ? { ...data, pages: data.pages.map((p) => ({ ...p, users: p.users.map((u) => (u.uuid === next.uuid ? { ...u, ...next } : u)) })) } : data,
    );
  const dropUser = (uuid: string) =>
    queryClient.setQueryData<Pages>(key, (data) =>
      data ? { ...data, pages: data.pages.map((p) => ({ ...p, users: p.users.filter((u) => u.uuid !== uuid) })) } : data,
    );

  const change = useMutation({
    mutationFn: ({ user, patch }: Change) => updateUser({ uuid: user.uuid, ...patch }),
    onMutate: () => {
      setNote(null);
      setFailure(null);
    },
    onSuccess: (updated, { user, patch, done }) => {
      replaceUser(updated && typeof updated === 'object' && 'uuid' in updated ? updated : { ...user, ...patch });
      setNote(done);
    },
    onError: (err, { user }) => setFailure(`${displayName(user)}: ${failureMessage(err)}`),
  });

  const remove = useMutation({
    mutationFn: (user: AdminUser) => deleteUser(user.uuid),
    onSuccess: (_d, user) => {
      dropUser(user.uuid);
      setDeleting(null);
      setNote(`${displayName(user)} was deleted.`);
    },
  });

  const list = users.data?.pages.flatMap((p) => p.users) ?? [];
  const refresh = () => {
    setNote(null);
    setFailure(null);
    void queryClient.resetQueries({ queryKey: key });
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-gray-700" aria-live="polite">
          {users.isSuccess ? `${list.length} shown${users.hasNextPage ? ', more to load' : ''}.` : ''}
        </p>
        <Button variant="secondary" onClick={refresh} pending={users.isFetching && !users.isFetchingNextPage} pendingLabel="Refreshing…">
          Refresh
        </Button>
      </div>
      <FormAlert message={failure} title="That did not work" />
      {note ? (
        <Notice>
          <p>{note}</p>
        </Notice>
      ) : null}
      {users.isPending ? <Loading label="Loading users…" /> : null}
      {users.isError && !users.data ? (
        <FormAlert message={failureMessage(users.error)} title="Could not load the users">
          <Button className="mt-3" variant="secondary" onClick={refresh}>
            Try again
          </Button>
        </FormAlert>
      ) : null}
      {users.isSuccess && list.length === 0 ? <p className="text-gray-700">No users here.</p> : null}
      {list.length > 0 ? (
        <table className="w-full border-collapse text-left text-sm max-md:block">
          <caption className="sr-only">{kind === 'complete' ? 'Registered users' : 'Users with an incomplete registration'}</caption>
          <thead className="border-b border-gray-200 text-gray-700 max-md:sr-only">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">User</th>
              <th scope="col" className="px-3 py-2 font-semibold">Joined</th>
              <th scope="col" className="px-3 py-2 font-semibold">Status</th>
              <th scope="col" className="px-3 py-2 font-semibold">Actions</th>
            </tr>
          </thead>
          <tbody className="max-md:block max-md:space-y-3">
            {list.map((u) => {
              const self = u.uuid === auth.user?.uuid;
              const busy = (change.isPending && change.variables?.user.uuid === u.uuid) || (remove.isPending && remove.variables?.uuid === u.uuid);
              return (
                <tr key={u.uuid} className="border-b border-gray-100 bg-white max-md:block max-md:rounded-xl max-md:border max-md:border-gray-200 max-md:p-4 max-md:shadow-sm">
                  <td className={cell} data-label="User">
                    <div className="min-w-0">
                      <p className="font-medium break-words text-gray-900">{displayName(u)}</p>
                      {u.username ? <p className="text-gray-600">@{u.username}</p> : null}
                      <p className="break-all text-gray-600">{u.email}</p>
                    </div>
                  </td>
                  <td className={cell} data-label="Joined">
                    <time dateTime={u.created_at}>{formatDate(u.created_at)}</time>
                  </td>
                  <td className={cell} data-label="Status">
                    <span className="flex flex-wrap gap-1">
                      {u.suspended ? <Badge tone="red">Suspended</Badge> : <Badge tone="green">Active</Badge>}
                      {u.is_admin ? <Badge tone="blue">Admin</Badge> : null}
                      {u.email_verified ? null : <Badge tone="gray">E-mail not verified</Badge>}
                      {self ? <Badge tone="gray">You</Badge> : null}
                    </span>
                  </td>
                  <td className={cell} data-label="Actions">
                    <span className="flex flex-wrap gap-2">
                      <Button
                        variant="secondary"
                        className="min-h-9! px-3! py-1!"
                        disabled={self || busy}
                        aria-label={`${u.suspended ? 'Unsuspend' : 'Suspend'} ${displayName(u)}`}
                        onClick={() =>
                          u.suspended ? change.mutate({ user: u, patch: { suspended: false }, done: `${displayName(u)} is no longer suspended.` }) : setSuspending(u)
                        }
                      >
                        {u.suspended ? 'Unsuspend' : 'Suspend'}
                      </Button>
                      <Button
                        variant="secondary"
                        className="min-h-9! px-3! py-1!"
                        disabled={self || busy}
                        aria-label={`${u.is_admin ? 'Remove admin from' : 'Make admin'} ${displayName(u)}`}
                        onClick={() =>
                          change.mutate({ user: u, patch: { is_admin: !u.is_admin }, done: `${displayName(u)} is ${u.is_admin ? 'no longer an admin' : 'now an admin'}.` })
                        }
                      >
                        {u.is_admin ? 'Remove admin' : 'Make admin'}
                      </Button>
                      <Button
                        variant="danger-outline"
                        className="min-h-9! px-3! py-1!"
                        disabled={self || busy}
                        aria-label={`Delete ${displayName(u)}`}
                        onClick={() => {
                          remove.reset();
                          setDeleting(u);
                        }}
                      >
                        Delete
                      </Button>
                      {kind === 'complete' ? (
                        <Link to={`/admin/invites?user=${u.uuid}`} className={buttonClass('secondary', 'min-h-9! px-3! py-1!')} aria-label={`Invites of ${displayName(u)}`}>
                          Invites
                        </Link>
                      ) : null}
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      {users.hasNextPage ? (
        <Button variant="secondary" className="w-full sm:w-auto" onClick={() => void users.fetchNextPage()} pending={users.isFetchingNextPage} pendingLabel="Loading more…">
          Load more
        </Button>
      ) : null}
      {users.isFetchNextPageError ? <FormAlert message={failureMessage(users.error)} title="Could not load more users" /> : null}
      <Dialog
        open={suspending !== null}
        onClose={() => setSuspending(null)}
        title={suspending ? `Suspend ${displayName(suspending)}?` : 'Suspend user?'}
        description={<p>They can still sign in and read the site, but cannot post, comment, message or change pages and events until you lift it.</p>}
      >
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setSuspending(null)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              if (suspending) change.mutate({ user: suspending, patch: { suspended: true }, done: `${displayName(suspending)} is suspended.` });
              setSuspending(null);
            }}
          >
            Suspend
          </Button>
        </div>
      </Dialog>
      <Dialog
        open={deleting !== null}
        onClose={() => !remove.isPending && setDeleting(null)}
        title={deleting ? `Delete ${displayName(deleting)}?` : 'Delete user?'}
        description={<p>Their profile, posts, plants, messages and photos are deleted for good. This cannot be undone.</p>}
      >
        <FormAlert message={remove.isError ? failureMessage(remove.error) : null} title="Could not delete the user" />
        <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setDeleting(null)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={() => deleting && remove.mutate(deleting)} pending={remove.isPending} pendingLabel="Deleting…">
            Delete user
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

function Badge({ tone, children }: { tone: 'red' | 'green' | 'blue' | 'gray'; children: string }) {
  const tones = {
    red: 'bg-red-100 text-red-800',
    green: 'bg-primary-100 text-primary-800',
    blue: 'bg-sky-100 text-sky-900',
    gray: 'bg-gray-200 text-gray-800',
  } as const;
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tones[tone]}`}>{children}</span>;
}
