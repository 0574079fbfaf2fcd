/**
 * /auth/verifysuccessful: the e-mail is verified. A used verification link lands here with
 * `?already=1`, and the screen says the address was verified already. A signed-in newcomer goes
 * on to registration; a guest signs in first.
 */
import { Link, useSearchParams } from 'react-router';
import { AuthCard } from '@/components/auth-card';
import { buttonClass, Notice } from '@/components/form/feedback';
import { loginHref, paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-store';

export default function VerifySuccessfulScreen() {
  const auth = useAuth();
  const [params] = useSearchParams();
  const already = params.get('already') === '1';
  const verified = already ? 'This address is already verified' : 'Your e-mail address is verified';
  const registered = auth.loggedIn && auth.user?.registration_complete;
  const next = !auth.loggedIn
    ? { to: loginHref({ pathname: paths.register }), label: 'Sign in to continue', lead: `${verified}. Sign in with your password to go on.` }
    : registered
      ? { to: paths.home, label: 'Go to the home page', lead: `${verified}.` }
      : { to: paths.register, label: 'Complete your registration', lead: `${verified} and you are signed in. Next, complete your registration.` };
  return (
    <AuthCard title="E-mail verified" lead={next.lead}>
      {/* The next steps, for the newcomer who just verified (one coming back may be registered already). */}
      {registered || already ? null : (
        <Notice title="Thank you">
          <p className="mt-1">Next you choose a username and tell us roughly where you grow, so neighbours can find you.</p>
        </Notice>
      )}
      <Link to={next.to} className={buttonClass('primary', 'w-full')}>
        {next.label}
      </Link>
    </AuthCard>
  );
}
