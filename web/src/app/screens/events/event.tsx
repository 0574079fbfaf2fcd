/** /event/:randomId: Event. A shell until its feature lands. */
import { useParams } from 'react-router';
import { PageShell } from '@/components/page-shell';

export default function EventScreen() {
  const { randomId = '' } = useParams();
  return (
    <PageShell
      title="Event"
      description={`Details, dates and attendees of event ${randomId}.`}
      upcoming={['Dates and location', 'Going, maybe or not going', 'Who is attending']}
    />
  );
}
