/** /admin/users/incomplete: accounts that have not completed registration (or verified their e-mail). */
import { Link } from 'react-router';
import { PageShell } from '@/components/page-shell';
import { UsersAdminList } from '@/features/admin/components/users-admin-list';

export default function UsersIncompleteScreen() {
  return (
    <PageShell title="Incomplete registrations" description="Accounts that signed up but have not chosen a username and location yet.">
      <p className="text-sm">
        <Link to="/admin/users/registered" className="font-medium text-primary-800 underline underline-offset-2">
          See registered users
        </Link>
      </p>
      <UsersAdminList kind="incomplete" />
    </PageShell>
  );
}
