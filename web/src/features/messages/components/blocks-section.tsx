/** Blocked members: who they are, since when, and unblocking one. */
import { Link } from 'react-router';
import { Button, FormAlert } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { Loading } from '@/components/loading';
import { useAuth } from '@/lib/auth/auth-store';
import { Avatar } from '@/components/avatar';
import { useBlock, useBlocks } from '../api/messages';
import { formatDate } from '@/lib/format-date';
import { SettingsSection } from '@/components/layouts/settings-section';

export function BlocksSection() {
  const { user } = useAuth();
  const blocks = useBlocks(user?.uuid ?? '');
  const unblock = useBlock();
  const list = blocks.data?.blocks ?? [];

  return (
    <SettingsSection
      id="blocked"
      title="Blocked members"
      description="A member you block cannot message you, and you do not see their posts, comments or listings. Neither of you is told."
    >
      {blocks.isPending ? <Loading label="Loading blocked members…" /> : null}
      {blocks.isError ? <FormAlert message={failureMessage(blocks.error)} title="Could not load blocked members" /> : null}
      {unblock.isError ? <FormAlert message={failureMessage(unblock.error)} title="Could not unblock" /> : null}
      {blocks.isSuccess && list.length === 0 ? <p className="text-sm text-gray-700">You block nobody.</p> : null}
      {list.length ? (
        <ul className="divide-y divide-gray-100">
          {list.map((b) => (
            <li key={b.user.uuid} className="flex items-center gap-3 py-3">
              <Avatar src={b.user.avatar} name={b.user.username} size="sm" />
              <div className="min-w-0 flex-1">
                {b.user.username === 'former-member' ? (
                  <span className="font-medium text-gray-900">A former member</span>
                ) : (
                  <Link to={`/${encodeURIComponent(b.user.username)}`} className="font-medium text-gray-900 hover:underline">
                    @{b.user.username}
                  </Link>
                )}
                <p className="text-sm text-gray-600">Blocked on {formatDate(b.createdAt)}</p>
              </div>
              <Button
                variant="secondary"
                onClick={() => unblock.mutate({ userId: b.user.uuid, blocked: false })}
                pending={unblock.isPending && unblock.variables?.userId === b.user.uuid}
                pendingLabel="Unblocking…"
              >
                Unblock
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </SettingsSection>
  );
}
