/** A page as lists show it: avatar, name, handle, place, distance, member count and a join button. */
import { Link } from 'react-router';
import type { PageCard as PageCardData } from '@shared/answers/pages';
import { Avatar } from '@/components/avatar';
import { distanceText } from '@/lib/places';
import { useUnits } from '@/lib/user-settings';
import { NumberBadge } from '@/components/places/number-badge';
import { pageHref } from '@/lib/known-pages';
import { JoinButton } from './join-button';
import { plural } from '@shared/format';

export function PageCard({ page, distanceKm, index }: { page: PageCardData; distanceKm?: number; index?: number }) {
  const members = plural(page.memberCount, 'member', 'members');
  const units = useUnits();
  return (
    <article aria-label={page.name} className="flex flex-wrap items-start gap-3 rounded-xl border border-gray-200 bg-white p-3 shadow-sm">
      {index !== undefined ? (
        <NumberBadge n={index + 1} className="mt-1" />
      ) : null}
      <Avatar src={page.avatar} name={page.name} />
      <div className="min-w-0 flex-1 basis-40">
        <h3 className="truncate font-semibold text-gray-900">
          <Link to={pageHref(page.handle)} className="hover:underline">
            {page.name}
          </Link>
        </h3>
        <p className="truncate text-sm text-gray-600">@{page.handle}</p>
        <p className="text-sm text-gray-700">
          {[page.place, distanceKm !== undefined ? distanceText(distanceKm, units) : null, members].filter(Boolean).join(' · ')}
        </p>
      </div>
      {/* On a phone the button takes its own row, so the name and place keep the width. */}
      <div className="shrink-0 max-sm:basis-full max-sm:pl-[3.25rem]">
        <JoinButton page={page} compact />
      </div>
    </article>
  );
}
