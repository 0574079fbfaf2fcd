/** /events: Events. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function EventsScreen() {
  return (
    <PageShell
      title="Events"
      description="Plant swaps, workshops and garden visits."
      upcoming={['Upcoming events near you', 'Events of the pages you follow']}
    />
  );
}
