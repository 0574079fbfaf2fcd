/** /event/:randomId: an event with its dates, attendance, place, calendar file and share link. */
import { useParams } from 'react-router';
import { NotFoundScreen } from '@/components/errors/not-found';
import { Button, FormAlert } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { useAuth } from '@/lib/auth/auth-store';
import { DocumentTitle } from '@/features/content/components/document-title';
import { viewerOf } from '@/lib/ids';
import { useEvent } from '@/features/events/api/events';
import { EventDetails } from '@/features/events/components/event-details';
import { ApiError } from '@/lib/api';

export default function EventScreen() {
  const { randomId = '' } = useParams();
  const auth = useAuth();
  const query = useEvent(viewerOf(auth), randomId);
  if (query.isError && query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) return <NotFoundScreen />;
  if (query.isError) {
    return (
      <FormAlert message={failureMessage(query.error)} title="Could not load the event">
        <Button className="mt-3" variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </FormAlert>
    );
  }
  if (!query.data) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading the event" className="space-y-3">
        <div className="h-8 w-2/3 animate-pulse rounded bg-gray-100" />
        <div className="h-24 animate-pulse rounded-xl bg-gray-100" />
        <div className="h-24 animate-pulse rounded-xl bg-gray-100" />
      </div>
    );
  }
  return (
    <>
      <DocumentTitle title={query.data.event.title} />
      <EventDetails event={query.data.event} />
    </>
  );
}
