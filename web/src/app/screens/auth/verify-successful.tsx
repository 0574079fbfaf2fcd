/** /auth/verifysuccessful: the e-mail is verified; on to registration (signing in first if needed). */
import { Link } from 'react-router';
import { AuthCard } from '@/components/auth-card';
import { buttonClass, Notice } from '@/components/form/feedback';
import { loginHref, paths } from '@/config/paths';
import { useAuth } from '@/features/auth/auth-store';

export default function VerifySuccessfulScreen() {
  const auth = useAuth();
  const next = !auth.loggedIn
    ? { to: loginHref({ pathname: paths.register }), label: 'Sign in to continue' }
    : auth.user?.registration_complete
      ? { to: paths.home, label: 'Go to the home page' }
      : { to: paths.register, label: 'Complete your registration' };
  return (
    <AuthCard title="E-mail verified" lead="Your e-mail address is verified. Next, complete your registration.">
      <Notice title="Thank you">
        <p className="mt-1">Choose a username and tell us roughly where you grow, so neighbours can find you.</p>
      </Notice>
      <Link to={next.to} className={buttonClass('primary', 'w-full')}>
        {next.label}
      </Link>
    </AuthCard>
  );
}
