/** A member's next events on their profile (members only, as the list is), with a link to all of them. */
import { Link } from 'react-router';
import { useUserDates } from '@/features/events/api/events';
import { DateCard } from '@/features/events/components/date-card';

export function MemberEvents({ viewer, userId, handle }: { viewer: string; userId: string; handle: string }) {
  const dates = useUserDates(viewer, userId, 'upcoming');
  const shown = (dates.data?.pages[0]?.dates ?? []).slice(0, 3);
  if (dates.isPending || dates.isError || !shown.length) return null;
  return (
    <section aria-labelledby="member-events" className="space-y-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="member-events" className="text-lg font-semibold text-gray-900">
          Events
        </h2>
        <Link to={`/${encodeURIComponent(handle)}/events`} className="text-sm font-semibold text-primary-800 underline">
          All events
        </Link>
      </div>
      <ol className="space-y-2">
        {shown.map((d) => (
          <li key={d.date.id}>
            <DateCard card={d} />
          </li>
        ))}
      </ol>
    </section>
  );
}
