/** /admin/users/incomplete: Incomplete registrations. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function AdminIncompleteUsersScreen() {
  return (
    <PageShell
      title="Incomplete registrations"
      description="Accounts that have not finished registering."
      upcoming={['List of accounts with their sign-up date', 'Update or delete an account']}
    />
  );
}
