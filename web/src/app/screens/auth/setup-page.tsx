/**
 * /auth/setup-page: creating a page right after registering (a nursery or a club signing up).
 * Guests are asked to sign up first; members finish registration, then fill in the page.
 */
import { Link } from 'react-router';
import { PageShell } from '@/components/page-shell';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-store';
import { RegistrationGate } from '@/features/auth/components/registration-gate';
import { NewPageForm } from '@/features/pages/components/page-form';

export default function SetupPageScreen() {
  const auth = useAuth();
  return (
    <PageShell title="Set up a page" description="Pages represent nurseries, clubs and community gardens: they post news, gather members and show up near the people around them.">
      {auth.loggedIn === false ? (
        <div className="rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
          <p className="text-gray-800">A page is run by members. Create your account first, then come back here to set up the page.</p>
          <div className="mt-3 flex flex-wrap gap-3">
            <Link to={`${paths.signup}?redirect=${encodeURIComponent('/auth/setup-page')}`} className="rounded-md bg-primary-700 px-3 py-2 text-sm font-semibold text-white hover:bg-primary-800">
              Create an account
            </Link>
            <Link to={`${paths.login}?redirect=${encodeURIComponent('/auth/setup-page')}`} className="rounded-md border border-gray-300 px-3 py-2 text-sm font-semibold text-gray-800 hover:bg-gray-50">
              Sign in
            </Link>
          </div>
        </div>
      ) : auth.loggedIn ? (
        <RegistrationGate action="set up a page">
          <NewPageForm intro="You will be the page's first admin: you can add other admins and moderators later." />
        </RegistrationGate>
      ) : null}
    </PageShell>
  );
}
