/** /_recent-plants: Recent plants. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function RecentPlantsScreen() {
  return (
    <PageShell
      title="Recent plants"
      description="The latest plant listings on the site."
      upcoming={['Newest plant listings']}
    />
  );
}
