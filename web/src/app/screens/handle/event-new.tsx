/** /:handle/events/new: New event for @handle. A shell until its feature lands. */
import { useParams } from 'react-router';
import { PageShell } from '@/components/page-shell';
import { RegistrationGate } from '@/features/auth/components/registration-gate';

export default function HandleEventNewScreen() {
  const { handle = '' } = useParams();
  return (
    <PageShell title={`New event for @${handle}`} description={`Plan an event for ${handle}.`}>
      <RegistrationGate action="create an event">
        <ul className="list-disc space-y-1 pl-5 text-gray-700" aria-label="Coming to this page">
          <li>Event details, dates and location form</li>
        </ul>
      </RegistrationGate>
    </PageShell>
  );
}
