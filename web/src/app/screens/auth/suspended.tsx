/** /auth/suspended: the account is suspended; what that means and how to reach the team. */
import { Link } from 'react-router';
import { AuthCard, linkClass } from '@/components/auth-card';
import { Button } from '@/components/form/feedback';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-store';
import { useLogout } from '@/lib/auth/use-logout';

export default function SuspendedScreen() {
  const auth = useAuth();
  const logOut = useLogout();
  return (
    <AuthCard title="Account suspended" lead="This account is suspended. Contact the team if you think this is a mistake.">
      <p className="text-gray-700">
        While it is suspended you can still read the site, but you cannot post, comment, message or change pages and events.
      </p>
      <p className="text-gray-700">
        To ask for a review, reply to any e-mail we sent you and tell us your username. We answer within a few days.
      </p>
      <p className="text-sm text-gray-600">
        See the{' '}
        <Link to={paths.terms} className={linkClass}>
          terms of use
        </Link>{' '}
        for the rules everyone agrees to.
      </p>
      {auth.loggedIn ? (
        <Button variant="secondary" onClick={() => void logOut()}>
          Log out
        </Button>
      ) : null}
    </AuthCard>
  );
}
