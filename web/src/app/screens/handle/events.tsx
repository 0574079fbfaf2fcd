/** /:handle/events: a page's or a member's events, upcoming (soonest first) or past. */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { NotFoundScreen } from '@/components/errors/not-found';
import { buttonClass } from '@/components/form/feedback';
import { PageShell } from '@/components/page-shell';
import { handleHref } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-store';
import { viewerOf } from '@/lib/ids';
import { usePageDates, useUserDates } from '@/features/events/api/events';
import { useHandleOwner } from '@/features/content/api/feeds';
import { DateList } from '@/features/events/components/date-list';
import { usePageDetails } from '@/features/pages/api/pages';
import { isPageStaff } from '@shared/page-roles';
import { ApiError } from '@/lib/api';

type When = 'upcoming' | 'past';

function PageEvents({ handle, when }: { handle: string; when: When }) {
  const auth = useAuth();
  return <DateList query={usePageDates(viewerOf(auth), handle, when)} label={`${when} events`} empty={<Empty when={when} />} />;
}

function MemberEvents({ userId, when }: { userId: string; when: When }) {
  const auth = useAuth();
  const query = useUserDates(viewerOf(auth), userId, when, auth.loggedIn === true);
  if (!auth.loggedIn) return <p className="text-gray-700">Sign in to see a member&apos;s events.</p>;
  return <DateList query={query} label={`${when} events`} empty={<Empty when={when} />} />;
}

function Empty({ when }: { when: When }) {
  return <p className="rounded-xl border border-dashed border-gray-300 bg-white p-5 text-gray-700">{when === 'upcoming' ? 'No events ahead.' : 'No past events.'}</p>;
}

export default function HandleEventsScreen() {
  const { handle = '' } = useParams();
  const auth = useAuth();
  const { owner, query } = useHandleOwner(handle);
  const page = usePageDetails(viewerOf(auth), handle, auth.loggedIn === true && owner?.type === 'page');
  const [when, setWhen] = useState<When>('upcoming');
  if (query.isError && query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400)) return <NotFoundScreen />;
  const name = owner?.name ?? `@${handle}`;
  // A page's events are made by its admins and moderators (the page's answer, cached from its profile, says who the viewer is there).
  const role = page.data?.page.my.role ?? null;
  const staff = isPageStaff(role) || auth.user?.is_admin === true;
  const mayAdd = auth.loggedIn === true && (owner?.type === 'page' ? staff : auth.user?.username?.toLowerCase() === handle.toLowerCase());
  return (
    <PageShell title={`Events of ${name}`} description={`What ${name} holds: swaps, workshops and visits.`}>
      <div className="space-y-4">
        <p className="flex flex-wrap gap-2">
          <Link to={handleHref(handle)} className={buttonClass('secondary')}>
            Back to the profile
          </Link>
          {mayAdd ? (
            <Link to={`${handleHref(handle)}/events/new`} className={buttonClass('primary')}>
              New event
            </Link>
          ) : null}
        </p>
        <div role="group" aria-label="Which events" className="flex gap-2">
          {(['upcoming', 'past'] as const).map((w) => (
            <button
              key={w}
              type="button"
              aria-pressed={when === w}
              onClick={() => setWhen(w)}
              className={`min-h-11 rounded-full border px-4 text-sm font-semibold ${when === w ? 'border-primary-700 bg-primary-700 text-white' : 'border-gray-300 bg-white text-gray-800'}`}
            >
              {w === 'upcoming' ? 'Upcoming' : 'Past'}
            </button>
          ))}
        </div>
        {!owner ? (
          <div role="status" aria-busy="true" aria-label="Loading events" className="h-24 animate-pulse rounded-xl bg-gray-100" />
        ) : owner.type === 'page' ? (
          <PageEvents handle={handle} when={when} />
        ) : (
          <MemberEvents userId={owner.id} when={when} />
        )}
      </div>
    </PageShell>
  );
}
