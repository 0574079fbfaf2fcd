/**
 * /auth/verifysuccessful: the e-mail is verified (a used verification link lands here too). A
 * signed-in newcomer goes on to registration; a guest signs in first.
 */
import { Link } from 'react-router';
import { AuthCard } from '@/components/auth-card';
import { buttonClass, Notice } from '@/components/form/feedback';
import { loginHref, paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-store';

export default function VerifySuccessfulScreen() {
  const auth = useAuth();
  const registered = auth.loggedIn && auth.user?.registration_complete;
  const next = !auth.loggedIn
    ? { to: loginHref({ pathname: paths.register }), label: 'Sign in to continue', lead: 'Your e-mail address is verified. Sign in with your password to go on.' }
    : registered
      ? { to: paths.home, label: 'Go to the home page', lead: 'Your e-mail address is verified.' }
      : { to: paths.register, label: 'Complete your registration', lead: 'Your e-mail address is verified and you are signed in. Next, complete your registration.' };
  return (
    <AuthCard title="E-mail verified" lead={next.lead}>
      {registered ? null : (
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
