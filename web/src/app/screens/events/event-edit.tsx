/** /event/:randomId/edit: Edit event. A shell until its feature lands. */
import { useParams } from 'react-router';
import { PageShell } from '@/components/page-shell';

export default function EventEditScreen() {
  const { randomId = '' } = useParams();
  return (
    <PageShell
      title="Edit event"
      description={`Change the details and dates of event ${randomId}.`}
      upcoming={['Event details form', 'Dates and locations']}
    />
  );
}
