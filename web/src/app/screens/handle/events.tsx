/** /:handle/events: Events of @handle. A shell until its feature lands. */
import { useParams } from 'react-router';
import { PageShell } from '@/components/page-shell';

export default function HandleEventsScreen() {
  const { handle = '' } = useParams();
  return (
    <PageShell
      title={`Events of @${handle}`}
      description={`Upcoming and past events of ${handle}.`}
      upcoming={['Upcoming events', 'Past events']}
    />
  );
}
