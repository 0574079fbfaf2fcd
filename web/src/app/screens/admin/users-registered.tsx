/** /admin/users/registered: Registered users. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function AdminRegisteredUsersScreen() {
  return (
    <PageShell
      title="Registered users"
      description="Members with a complete registration."
      upcoming={['List of members', 'Update or delete a member']}
    />
  );
}
