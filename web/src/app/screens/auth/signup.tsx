/**
 * /auth/signup: e-mail and password (and the invite of `?invite=`). The server answers the same
 * whether or not the address is known, so the success state only says where the link went.
 */
import { useMutation } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import * as z from 'zod/mini';
import { uuid } from '@shared/schemas/common';
import { PASSWORD_MIN, signupInput } from '@shared/schemas/auth';
import { AuthCard, linkClass } from '@/components/auth-card';
import { FormAlert, Notice, SubmitButton } from '@/components/form/feedback';
import { PasswordField } from '@/components/form/password-field';
import { onSubmit, useForm } from '@/components/form/use-form';
import { MailIcon } from '@/components/icons-more';
import { paths } from '@/config/paths';
import { signup } from '@/features/auth/api/account';
import { EmailField } from '@/components/form/email-field';

// No 'invite' here: there is no input for it, so a refused invite goes to the alert.
const LABELS = { email: 'E-mail', password: 'Password' };

export default function SignupScreen() {
  const [params] = useSearchParams();
  const rawInvite = params.get('invite');
  const invite = rawInvite && z.safeParse(uuid, rawInvite).success ? rawInvite : undefined;
  const form = useForm({ email: '', password: '' }, LABELS);
  const create = useMutation({ mutationFn: signup, onError: form.fail });

  const submit = onSubmit(() => {
    const input = form.check(signupInput, { email: form.values.email, password: form.values.password, ...(invite ? { invite } : {}) });
    if (input) create.mutate(input);
  });

  if (create.isSuccess) {
    return (
      <AuthCard title="Create an account">
        <Notice title="Check your inbox">
          <p className="mt-1">
            Check your inbox: we sent a link to <strong>{create.variables.email}</strong>. Open it and enter the password you
            just chose: that confirms your address and signs you in.
          </p>
        </Notice>
        <p className="flex items-start gap-2 text-sm text-gray-700">
          <MailIcon className="mt-0.5 size-5 shrink-0 text-primary-700" />
          <span>
            Nothing after a few minutes? Look in your spam folder, or{' '}
            <Link to={paths.verify} className={linkClass}>
              ask for a new verification link
            </Link>
            .
          </span>
        </p>
        <p className="text-sm">
          <Link to={paths.login} className={linkClass}>
            Go to sign in
          </Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Create an account"
      lead="Sign up with your e-mail address; we will send a link to verify it."
      footer={
        <p>
          Already a member?{' '}
          <Link to={paths.login} className={linkClass}>
            Sign in
          </Link>
        </p>
      }
    >
      {invite ? (
        <Notice tone="info">
          <p>You are joining with an invitation. Welcome!</p>
        </Notice>
      ) : null}
      <form ref={form.formRef} onSubmit={submit} noValidate className="space-y-5" aria-label="Create an account">
        <FormAlert message={form.alert} title="Could not create your account" />
        <EmailField
          label={LABELS.email}
          required
          {...form.field('email')}
        />
        <PasswordField
          label={LABELS.password}
          autoComplete="new-password"
          required
          minLength={PASSWORD_MIN}
          hint={`At least ${PASSWORD_MIN} characters. A few unrelated words make a strong, memorable password.`}
          {...form.field('password')}
        />
        <p className="text-sm text-gray-600">
          By creating an account you agree to the{' '}
          <Link to={paths.terms} className={linkClass}>
            terms of use
          </Link>{' '}
          and the{' '}
          <Link to={paths.privacy} className={linkClass}>
            privacy policy
          </Link>
          .
        </p>
        <SubmitButton pending={create.isPending} pendingLabel="Creating your account…" className="w-full">
          Create account
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
