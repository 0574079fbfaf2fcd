/** /admin/database: Data upkeep. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function AdminDatabaseScreen() {
  return (
    <PageShell
      title="Data upkeep"
      description="Clean up duplicate or orphaned locations and find users without a location."
      upcoming={['Remove duplicate locations', 'Remove orphaned locations', 'Users without a location']}
    />
  );
}
