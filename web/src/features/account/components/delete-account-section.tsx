/**
 * Delete the account: a dialog where the user types their username (or e-mail when there is
 * none) before the button works; then DELETE /api/iam/authn/delete {uuid}, the same clean-up as
 * logout, and the screen that says it is done (/auth/account-deleted).
 */
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog } from '@/components/dialog';
import { TextField } from '@/components/form/fields';
import { Button, FormAlert } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { onSubmit } from '@/components/form/use-form';
import { paths } from '@/config/paths';
import { deleteAccount } from '../api/profile';
import type { Profile } from '@/lib/auth/types';
import { useLogout } from '@/lib/auth/use-logout';
import { SettingsSection } from '@/components/layouts/settings-section';

export const ACCOUNT_DELETED_NOTICE = 'Your account has been deleted. Thank you for growing with us.';

/** What the user must type: the username, or the e-mail address before registration. */
export function confirmationWord(user: Profile): string {
  return user.username ?? user.email;
}

export function DeleteAccountSection({ user }: { user: Profile }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const logOut = useLogout();
  const word = confirmationWord(user);
  const matches = typed.trim().toLowerCase() === word.toLowerCase();
  const remove = useMutation({
    mutationFn: () => deleteAccount({ uuid: user.uuid }),
    onSuccess: () => logOut(paths.accountDeleted),
  });

  const close = () => {
    if (remove.isPending) return;
    setOpen(false);
    setTyped('');
    remove.reset();
  };

  const submit = onSubmit(() => {
    if (matches) remove.mutate();
  });

  return (
    <SettingsSection
      id="delete"
      tone="danger"
      title="Delete your account"
      description="Your profile, plants, posts, messages and photos are deleted for good. This cannot be undone."
    >
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete my account…
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title="Delete your account?"
        description={
          <p>
            Everything you shared goes, and your username becomes free for someone else. Type <strong>{word}</strong> to confirm.
          </p>
        }
      >
        <form onSubmit={submit} noValidate className="space-y-4" aria-label="Confirm account deletion">
          <FormAlert message={remove.isError ? failureMessage(remove.error) : null} title="Could not delete your account" />
          <TextField
            label={user.username ? 'Your username' : 'Your e-mail address'}
            name="confirm"
            value={typed}
            onValueChange={setTyped}
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close} disabled={remove.isPending}>
              Keep my account
            </Button>
            <Button type="submit" variant="danger" disabled={!matches} pending={remove.isPending || remove.isSuccess} pendingLabel="Deleting…">
              Delete my account
            </Button>
          </div>
        </form>
      </Dialog>
    </SettingsSection>
  );
}
