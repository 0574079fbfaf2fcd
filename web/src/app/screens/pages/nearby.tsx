/** /pages/nearby: Pages near you. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function NearbyPagesScreen() {
  return (
    <PageShell
      title="Pages near you"
      description="Nurseries, clubs and gardens close to you."
      upcoming={['Pages sorted by distance']}
    />
  );
}
