/** /users/nearby: People near you. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function NearbyUsersScreen() {
  return (
    <PageShell
      title="People near you"
      description="Growers close to you."
      upcoming={['Members sorted by distance']}
    />
  );
}
