/** /nearby/plants: Plants near you. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function NearbyPlantsScreen() {
  return (
    <PageShell
      title="Plants near you"
      description="Plant listings from growers close to you."
      upcoming={['Available plants sorted by distance', 'Filter by availability']}
    />
  );
}
