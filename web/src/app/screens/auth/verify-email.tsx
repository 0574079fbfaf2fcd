/**
 * /auth/verifyemail?token=…: the link from the verification e-mail. The link proves the mailbox;
 * the password proves who signed up, so the page is a form: the password chosen at sign-up
 * (verified and signed in, then on to registration), or "I did not sign up: choose a password"
 * (someone else signed up with the address: a password of one's own takes the account over).
 * The link is checked once, on load, before anything is asked: a browser already signed in to
 * that account verifies with it alone; a bad link goes to /auth/verifyfailed; a used one to
 * /auth/verifysuccessful, which says the address is already verified. Every way of verifying ends
 * in onVerified (signed in, then registration).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import * as z from 'zod/mini';
import { emailToken, PASSWORD_MIN, verifyEmailTokenInput } from '@shared/schemas/auth';
import { AuthCard } from '@/components/auth-card';
import { Button, FormAlert, Notice, SubmitButton } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { PasswordField } from '@/components/form/password-field';
import { onSubmit, useForm } from '@/components/form/use-form';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { verifyEmailToken } from '@/features/auth/api/account';
import { useAuth } from '@/lib/auth/auth-store';
import { signedIn } from '@/lib/auth/session';
import type { Profile } from '@/lib/auth/types';
import { ApiError } from '@/lib/api';

/** Where a used link goes: the address is verified already. */
const ALREADY_VERIFIED = '/auth/verifysuccessful?already=1';
const FAILED = '/auth/verifyfailed';

/** The server did not answer (network, 5xx): worth another try rather than "the link is bad". */
const isTransient = (err: unknown) => err instanceof ApiError && (err.status === 0 || err.status >= 500);
/** The link is used: the address is verified already. */
const isUsed = (err: unknown) => err instanceof ApiError && err.code === 'already_verified';
/** The link is malformed or expired (or its account gone). */
const isDead = (err: unknown) => err instanceof ApiError && err.status === 400 && err.field === 'token' && !isUsed(err);
/** The link is good but a password must come with it. */
const needsPassword = (err: unknown) => err instanceof ApiError && err.status === 400 && err.field === 'password';

export default function VerifyEmailScreen() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  if (!z.safeParse(emailToken, token).success) return <Navigate to={FAILED} replace />;
  return <VerifyEmail token={token} />;
}

function VerifyEmail({ token }: { token: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const auth = useAuth();
  const [mode, setMode] = useState<'password' | 'new'>('password');

  /** Verified and signed in: on to registration (home when it is complete already). The one way out of every success. */
  const onVerified = (profile: Profile) => {
    signedIn(profile, queryClient);
    void navigate(profile.registration_complete ? paths.home : paths.register, { replace: true });
  };
  /** A failure about the link itself leaves the form; answers true then. */
  const leftForLink = (err: unknown) => {
    if (isUsed(err)) void navigate(ALREADY_VERIFIED, { replace: true });
    else if (isDead(err)) void navigate(FAILED, { replace: true });
    else return false;
    return true;
  };

  // The link alone: it verifies only from the account's own session (else the server asks for a
  // password), and it tells a used or dead link before anyone types a password for nothing.
  const linkAlone = useMutation({
    mutationFn: () => verifyEmailToken({ token }),
    onSuccess: onVerified,
    onError: (err) => void leftForLink(err),
  });
  // Sent once, when the session is known: signing in through the form later posts nothing more.
  const started = useRef(false);
  useEffect(() => {
    if (started.current || auth.loggedIn === undefined) return;
    started.current = true;
    linkAlone.mutate();
  }, [auth.loggedIn, linkAlone]);

  const checking = auth.loggedIn === undefined || (linkAlone.isIdle && !started.current) || linkAlone.isPending || linkAlone.isSuccess;
  if (checking) {
    return (
      <AuthCard title="Confirm your e-mail address" lead="We are checking the link you followed.">
        <Loading label="Checking your link…" />
      </AuthCard>
    );
  }
  if (linkAlone.isError && isTransient(linkAlone.error)) {
    return (
      <AuthCard title="Confirm your e-mail address">
        <FormAlert message={failureMessage(linkAlone.error)} title="We could not check the link">
          <Button className="mt-3" onClick={() => linkAlone.mutate()}>
            Try again
          </Button>
        </FormAlert>
      </AuthCard>
    );
  }
  const otherAccount = auth.loggedIn === true && linkAlone.isError && needsPassword(linkAlone.error);
  return mode === 'password' ? (
    <WithPassword token={token} otherAccount={otherAccount} onVerified={onVerified} leftForLink={leftForLink} onNotMe={() => setMode('new')} />
  ) : (
    <ChoosePassword token={token} onVerified={onVerified} leftForLink={leftForLink} onBack={() => setMode('password')} />
  );
}

interface FormProps {
  token: string;
  onVerified: (profile: Profile) => void;
  leftForLink: (err: unknown) => boolean;
}

const PASSWORD_LABELS = { password: 'Password' };

function WithPassword({ token, otherAccount, onVerified, leftForLink, onNotMe }: FormProps & { otherAccount: boolean; onNotMe: () => void }) {
  const form = useForm({ password: '' }, PASSWORD_LABELS);
  const verify = useMutation({
    mutationFn: verifyEmailToken,
    onSuccess: onVerified,
    onError: (err) => void (leftForLink(err) || form.fail(err)),
  });
  const submit = onSubmit(() => {
    const input = form.check(verifyEmailTokenInput, { token, password: form.values.password });
    if (input) verify.mutate(input);
  });

  return (
    <AuthCard
      title="Confirm your e-mail address"
      lead="Enter the password you chose when you signed up: this confirms the address and signs you in."
      footer={
        <div className="space-y-2">
          <p>Did someone else sign up with your address, or do you not know this password?</p>
          <Button variant="secondary" className="w-full" onClick={onNotMe}>
            I did not sign up: choose a password
          </Button>
        </div>
      }
    >
      {otherAccount ? (
        <Notice tone="info">
          <p>This browser is signed in to another account. Enter the password of the account this address signed up with.</p>
        </Notice>
      ) : null}
      <form ref={form.formRef} onSubmit={submit} noValidate className="space-y-5" aria-label="Confirm your e-mail address">
        <FormAlert message={form.alert} title="Could not confirm your address" />
        <PasswordField label={PASSWORD_LABELS.password} autoComplete="current-password" required {...form.field('password')} />
        <SubmitButton pending={verify.isPending} pendingLabel="Confirming…" className="w-full">
          Confirm and sign in
        </SubmitButton>
      </form>
    </AuthCard>
  );
}

const NEW_LABELS = { newPassword: 'New password', confirm: 'Repeat the new password' };

function ChoosePassword({ token, onVerified, leftForLink, onBack }: FormProps & { onBack: () => void }) {
  const form = useForm({ newPassword: '', confirm: '' }, NEW_LABELS);
  const take = useMutation({
    mutationFn: verifyEmailToken,
    onSuccess: onVerified,
    onError: (err) => void (leftForLink(err) || form.fail(err)),
  });
  const submit = onSubmit(() => {
    const input = form.check(verifyEmailTokenInput, { token, newPassword: form.values.newPassword });
    if (!input) return;
    if (form.values.confirm !== form.values.newPassword) {
      form.setErrors({ confirm: 'The two passwords differ; type the same password twice' });
      return;
    }
    take.mutate(input);
  });

  return (
    <AuthCard
      title="Choose a password"
      lead="This address is yours, so the account is yours: choose a password of your own."
      footer={
        <p>
          Signed up yourself after all?{' '}
          <Button variant="link" onClick={onBack}>
            Enter the password you chose
          </Button>
        </p>
      }
    >
      <Notice title="If someone else signed up with your address">
        <p className="mt-1">
          Whoever signed in with it is signed out everywhere, their password stops working, and any name or bio they set is
          cleared.
        </p>
      </Notice>
      <form ref={form.formRef} onSubmit={submit} noValidate className="space-y-5" aria-label="Choose a password">
        <FormAlert message={form.alert} title="Could not set your password" />
        <PasswordField
          label={NEW_LABELS.newPassword}
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          hint={`At least ${PASSWORD_MIN} characters. A few unrelated words make a strong, memorable password.`}
          {...form.field('newPassword')}
        />
        <PasswordField label={NEW_LABELS.confirm} autoComplete="new-password" required {...form.field('confirm')} />
        <SubmitButton pending={take.isPending} pendingLabel="Saving…" className="w-full">
          Set my password and sign in
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
