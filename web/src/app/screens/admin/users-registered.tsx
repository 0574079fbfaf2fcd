/** /admin/users/registered: members who completed registration; suspend, make admin, delete. */
import { Link } from 'react-router';
import { PageShell } from '@/components/page-shell';
import { UsersAdminList } from '@/features/admin/components/users-admin-list';

export default function UsersRegisteredScreen() {
  return (
    <PageShell title="Registered users" description="Members who completed their registration.">
      <p className="text-sm">
        <Link to="/admin/users/incomplete" className="font-medium text-primary-800 underline underline-offset-2">
          See users with an incomplete registration
        </Link>
      </p>
      <UsersAdminList kind="complete" />
    </PageShell>
  );
}
