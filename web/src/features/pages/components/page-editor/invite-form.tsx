import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { PageView } from '@shared/answers/pages';
import { TextField } from '@/components/form/fields';
import { Button } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { ownerByHandle, useStaffAction } from '../../api/pages';

/** Invite a member by username: they are notified and may join, even an invite-only page. */
export function InviteForm({ page }: { page: PageView }) {
  const [username, setUsername] = useState('');
  const act = useStaffAction();
  const invite = useMutation({
    mutationFn: async () => {
      const owner = await ownerByHandle(username.trim().replace(/^@/, ''));
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
