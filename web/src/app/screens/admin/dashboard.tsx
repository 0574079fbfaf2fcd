/** /admin: Admin. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function AdminDashboardScreen() {
  return (
    <PageShell
      title="Admin"
      description="Manage users, tags, site settings and e-mail."
      upcoming={['Shortcuts to each admin area', 'Counts of users and content']}
    />
  );
}
