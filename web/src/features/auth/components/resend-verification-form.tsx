/** Ask for a new verification e-mail (POST verifyemail; rate limited, same answer for any address). */
import { useMutation } from '@tanstack/react-query';
import { emailOnlyInput } from '@shared/schemas/auth';
import { FormAlert, Notice, SubmitButton } from '@/components/form/feedback';
import { onSubmit, useForm } from '@/components/form/use-form';
import { useAuth } from '@/lib/auth/auth-store';
import { resendVerification } from '../api/account';
import { EmailField } from '@/components/form/email-field';

const LABELS = { email: 'E-mail' };

export function ResendVerificationForm({ initialEmail = '' }: { initialEmail?: string }) {
  const auth = useAuth();
  const form = useForm({ email: initialEmail || auth.user?.email || '' }, LABELS);
  const resend = useMutation({ mutationFn: resendVerification, onError: form.fail });

  const submit = onSubmit(() => {
    const input = form.check(emailOnlyInput, { email: form.values.email });
    if (input) resend.mutate(input);
  });

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate className="space-y-4" aria-label="Send the verification e-mail again">
      <FormAlert message={form.alert} title="Could not send the e-mail" />
      {resend.isSuccess ? (
        <Notice title="Sent">
          <p className="mt-1">
            If <strong>{resend.variables.email}</strong> has an account waiting for verification, a new link is on its way. It works
            once, and only the newest link works.
          </p>
        </Notice>
      ) : null}
      <EmailField
        label={LABELS.email}
        required
        {...form.field('email')}
      />
      <SubmitButton pending={resend.isPending} pendingLabel="Sending…">
        {resend.isSuccess ? 'Send again' : 'Send a new link'}
      </SubmitButton>
    </form>
  );
}
