/** Changing the password goes through the reset e-mail (there is no change-password route). */
import { useMutation } from '@tanstack/react-query';
import { Button, FormAlert, Notice } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { requestPasswordReset } from '../api/account';
import type { Profile } from '@/lib/auth/types';
import { SettingsSection } from '@/components/layouts/settings-section';

export function PasswordSection({ user }: { user: Profile }) {
  const send = useMutation({ mutationFn: () => requestPasswordReset({ email: user.email }) });
  return (
    <SettingsSection
      id="password"
      title="Password"
      description="To change your password we e-mail you a link; choosing the new password signs you out on every device."
    >
      <FormAlert message={send.isError ? failureMessage(send.error) : null} title="Could not send the link" />
      {send.isSuccess ? (
        <Notice title="Check your inbox">
          <p className="mt-1">
            We sent a link to <strong>{user.email}</strong>. Follow it to choose a new password.
          </p>
        </Notice>
      ) : null}
      <Button variant="secondary" onClick={() => send.mutate()} pending={send.isPending} pendingLabel="Sending…">
        {send.isSuccess ? 'Send another link' : 'E-mail me a reset link'}
      </Button>
    </SettingsSection>
  );
}
