/**
 * /auth/reset: without a token, ask for a reset link (same answer whether or not the address
 * exists). With ?token= from the e-mail: check the token, then choose a new password. Setting
 * it signs out every session, this one included.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import * as z from 'zod/mini';
import { emailOnlyInput, emailToken, PASSWORD_MIN, passwordResetInput } from '@shared/schemas/auth';
import { AuthCard, linkClass } from '@/components/auth-card';
import { Button, buttonClass, FormAlert, Notice, SubmitButton } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { PasswordField } from '@/components/form/password-field';
import { onSubmit, useForm } from '@/components/form/use-form';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { checkResetToken, requestPasswordReset, setNewPassword } from '@/features/auth/api/account';
import { authStore } from '@/lib/auth/auth-store';
import { endSession } from '@/lib/auth/session';
import { ApiError } from '@/lib/api';
import { EmailField } from '@/components/form/email-field';

const TITLE = 'Reset your password';

export default function ResetScreen() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token === null ? <RequestReset /> : <ChooseNewPassword token={token} />;
}

const REQUEST_LABELS = { email: 'E-mail' };

function RequestReset() {
  const form = useForm({ email: authStore.get().user?.email ?? '' }, REQUEST_LABELS);
  const request = useMutation({ mutationFn: requestPasswordReset, onError: form.fail });
  const submit = onSubmit(() => {
    const input = form.check(emailOnlyInput, { email: form.values.email });
    if (input) request.mutate(input);
  });

  return (
    <AuthCard
      title={TITLE}
      lead="We will e-mail you a link to choose a new password."
      footer={
        <p>
          Remembered it?{' '}
          <Link to={paths.login} className={linkClass}>
            Sign in
          </Link>
        </p>
      }
    >
      {request.isSuccess ? (
        <Notice title="Check your inbox">
          <p className="mt-1">
            If <strong>{request.variables.email}</strong> has an account, we sent it a link to choose a new password. The link
            expires after a while and works once.
          </p>
        </Notice>
      ) : null}
      <form ref={form.formRef} onSubmit={submit} noValidate className="space-y-5" aria-label="Request a reset link">
        <FormAlert message={form.alert} title="Could not send the link" />
        <EmailField
          label={REQUEST_LABELS.email}
          required
          {...form.field('email')}
        />
        <SubmitButton pending={request.isPending} pendingLabel="Sending…" className="w-full">
          {request.isSuccess ? 'Send another link' : 'E-mail me a reset link'}
        </SubmitButton>
      </form>
    </AuthCard>
  );
}

/** Checking the token: 400/404 (410) mean it is bad, used or expired. */
const isDeadLink = (err: unknown) =>
  err instanceof ApiError && (err.status === 400 || err.status === 404 || err.status === 410) && (err.field === undefined || err.field === 'token');

/** Saving the password: only an answer about the token ends the form; a weak password is the user's to fix. */
const isDeadToken = (err: unknown) =>
  err instanceof ApiError && (err.status === 404 || err.status === 410 || (err.status === 400 && (err.field === 'token' || /token|expired/i.test(err.code))));

function ExpiredLink() {
  return (
    <AuthCard title={TITLE}>
      <FormAlert message="This link has expired or was already used. Request a new one." title="Link expired">
        <Link to="/auth/reset" className={buttonClass('primary', 'mt-3')}>
          Request a new link
        </Link>
      </FormAlert>
    </AuthCard>
  );
}

const NEW_LABELS = { password: 'New password', confirm: 'Repeat the new password' };

function ChooseNewPassword({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const wellFormed = z.safeParse(emailToken, token).success;
  const check = useQuery({
    queryKey: ['password-reset', 'token', token],
    queryFn: ({ signal }) => checkResetToken({ token }, signal),
    enabled: wellFormed,
    staleTime: Infinity,
    gcTime: 0,
  });
  const form = useForm({ password: '', confirm: '' }, NEW_LABELS);
  const [dead, setDead] = useState(false);
  const update = useMutation({
    mutationFn: setNewPassword,
    onSuccess: () => {
      // Every session was signed out, this browser's too.
      if (authStore.get().loggedIn) endSession(queryClient);
    },
    onError: (err) => (isDeadToken(err) ? setDead(true) : form.fail(err)),
  });

  if (!wellFormed || dead || (check.isError && isDeadLink(check.error))) return <ExpiredLink />;
  if (check.isError) {
    return (
      <AuthCard title={TITLE}>
        <FormAlert message={failureMessage(check.error)} title="We could not check the link">
          <Button className="mt-3" onClick={() => void check.refetch()} pending={check.isFetching} pendingLabel="Checking…">
            Try again
          </Button>
        </FormAlert>
      </AuthCard>
    );
  }
  if (check.isPending) {
    return (
      <AuthCard title={TITLE}>
        <Loading label="Checking your link…" />
      </AuthCard>
    );
  }

  if (update.isSuccess) {
    return (
      <AuthCard title={TITLE}>
        <Notice title="Your password is changed">
          <p className="mt-1">For your safety we signed you out on every device. Sign in with your new password.</p>
        </Notice>
        <Link to={paths.login} className={buttonClass('primary', 'w-full')}>
          Sign in
        </Link>
      </AuthCard>
    );
  }

  const submit = onSubmit(() => {
    const input = form.check(passwordResetInput, { token, password: form.values.password });
    if (!input) return;
    if (form.values.confirm !== form.values.password) {
      form.setErrors({ confirm: 'The two passwords differ; type the same password twice' });
      return;
    }
    update.mutate(input);
  });

  return (
    <AuthCard title={TITLE} lead="Choose a new password for your account.">
      <form ref={form.formRef} onSubmit={submit} noValidate className="space-y-5" aria-label="Choose a new password">
        <FormAlert message={form.alert} title="Could not change your password" />
        <PasswordField
          label={NEW_LABELS.password}
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          hint={`At least ${PASSWORD_MIN} characters.`}
          {...form.field('password')}
        />
        <PasswordField label={NEW_LABELS.confirm} autoComplete="new-password" required {...form.field('confirm')} />
        <SubmitButton pending={update.isPending} pendingLabel="Saving…" className="w-full">
          Save the new password
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
