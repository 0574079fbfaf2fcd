/** /event/:randomId/edit: change an event's details, dates and series, or delete it (its creator, or its page's staff). */
import { useParams } from 'react-router';
import { NotFoundScreen } from '@/components/errors/not-found';
import { Button, FormAlert } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { PageShell } from '@/components/page-shell';
import { useAuth } from '@/lib/auth/auth-store';
import { viewerOf } from '@/lib/ids';
import { useEvent } from '@/features/events/api/events';
import { EventEditor } from '@/features/events/components/event-editor';
import { ApiError } from '@/lib/api';

export default function EventEditScreen() {
  const { randomId = '' } = useParams();
  const auth = useAuth();
  const query = useEvent(viewerOf(auth), randomId);
  if (query.isError && query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) return <NotFoundScreen />;
  return (
    <PageShell title={query.data ? `Edit “${query.data.event.title}”` : 'Edit event'} description="Details, dates and places.">
      {query.isError ? (
        <FormAlert message={failureMessage(query.error)} title="Could not load the event">
          <Button className="mt-3" variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </FormAlert>
      ) : !query.data ? (
        <div role="status" aria-busy="true" aria-label="Loading the event" className="h-40 animate-pulse rounded-xl bg-gray-100" />
      ) : !query.data.event.canEdit ? (
        <p role="note" className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950">
          Only the event&apos;s creator, or its page&apos;s admins and moderators, can change it.
        </p>
      ) : (
        <EventEditor event={query.data.event} />
      )}
    </PageShell>
  );
}
