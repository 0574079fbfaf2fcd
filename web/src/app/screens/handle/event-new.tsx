/** /:handle/events/new: a new event held by the page (its admins and moderators) or by the member themself. */
import { useParams } from 'react-router';
import { NotFoundScreen } from '@/components/errors/not-found';
import { PageShell } from '@/components/page-shell';
import { useAuth } from '@/lib/auth/auth-store';
import { RegistrationGate } from '@/features/auth/components/registration-gate';
import { viewerOf } from '@/lib/ids';
import { useHandleOwner } from '@/features/content/api/feeds';
import { EventForm } from '@/features/events/components/event-form';
import { usePageDetails } from '@/features/pages/api/pages';
import { isPageStaff } from '@shared/page-roles';
import { ApiError } from '@/lib/api';

export default function HandleEventNewScreen() {
  const { handle = '' } = useParams();
  const auth = useAuth();
  const { owner, query } = useHandleOwner(handle);
  const page = usePageDetails(viewerOf(auth), handle, owner?.type === 'page');
  if (query.isError && query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) return <NotFoundScreen />;
  const self = auth.user?.username?.toLowerCase() === handle.toLowerCase();
  const role = page.data?.page.my.role ?? null;
  const staff = isPageStaff(role);
  return (
    <PageShell title={`New event for @${handle}`} description="Plan a swap, a workshop or a garden visit.">
      <RegistrationGate action="create an event">
        {!owner || (owner.type === 'page' && !page.data) ? (
          <div role="status" aria-busy="true" aria-label="Loading" className="h-40 animate-pulse rounded-xl bg-gray-100" />
        ) : owner.type === 'page' && staff ? (
          <EventForm pageId={owner.id} ownerLabel={owner.name} />
        ) : owner.type === 'user' && self ? (
          <EventForm ownerLabel="you" />
        ) : (
          <p role="note" className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950">
            {owner.type === 'page' ? "Only this page's admins and moderators can create its events." : 'You can create events for yourself and for pages you help run.'}
          </p>
        )}
      </RegistrationGate>
    </PageShell>
  );
}
