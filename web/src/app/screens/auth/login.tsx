/** /auth/login: e-mail and password; afterwards the safe `?redirect=` or the next onboarding step. */
import { useQueryClient, useMutation } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { loginInput } from '@shared/schemas/auth';
import { AuthCard, linkClass } from '@/components/auth-card';
import { FormAlert, Notice, SubmitButton } from '@/components/form/feedback';
import { PasswordField } from '@/components/form/password-field';
import { onSubmit, useForm } from '@/components/form/use-form';
import { useAuth } from '@/lib/auth/auth-store';
import { afterLoginTarget, safeRedirect } from '@/features/auth/redirect';
import { signIn } from '@/lib/auth/session';
import { EmailField } from '@/components/form/email-field';

const LABELS = { email: 'E-mail', password: 'Password' };

export default function LoginScreen() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const auth = useAuth();
  const form = useForm({ email: '', password: '' }, LABELS);
  const login = useMutation({
    mutationFn: (input: { email: string; password: string }) => signIn(input, queryClient),
    onSuccess: (profile) => void navigate(afterLoginTarget(profile, redirect), { replace: true }),
    onError: form.fail,
  });

  const submit = onSubmit(() => {
    const input = form.check(loginInput, { email: form.values.email, password: form.values.password });
    if (input) login.mutate(input);
  });

  const back = safeRedirect(redirect);
  const signupHref = '/auth/signup';
  return (
    <AuthCard
      title="Sign in"
      lead="Sign in with your e-mail address and password."
      footer={
        <>
          <p>
            New here?{' '}
            <Link to={signupHref} className={linkClass}>
              Create an account
            </Link>
          </p>
          <p>
            Did not get the verification e-mail?{' '}
            <Link to="/auth/verify" className={linkClass}>
              Send it again
            </Link>
          </p>
        </>
      }
    >
      {auth.loggedIn && auth.user && !login.isPending && !login.isSuccess ? (
        <Notice tone="info">
          <p>
            You are signed in as <strong>{auth.user.username ?? auth.user.email}</strong>.{' '}
            <Link to={back ?? '/'} className={linkClass}>
              Continue
            </Link>
          </p>
        </Notice>
      ) : null}
      <form ref={form.formRef} onSubmit={submit} noValidate className="space-y-5" aria-label="Sign in">
        <FormAlert message={form.alert} title="Could not sign you in" />
        <EmailField
          label={LABELS.email}
          required
          {...form.field('email')}
        />
        <div>
          <PasswordField label={LABELS.password} autoComplete="current-password" required {...form.field('password')} />
          <p className="mt-2 text-sm">
            <Link to="/auth/reset" className={linkClass}>
              Forgot your password?
            </Link>
          </p>
        </div>
        <SubmitButton pending={login.isPending} pendingLabel="Signing in…" className="w-full">
          Sign in
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
