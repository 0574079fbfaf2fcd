/**
 * What a member's profile tells about them below their card: their bio, where they are, what
 * brings them here, that their phone is verified (when it is), since when they are a member, and the pages
 * they belong to (for signed-in viewers). What the answer leaves out (null) is not shown.
 */
import { Link } from 'react-router';
import type { MemberProfile } from '@shared/answers/users';
import { MOTIVATION_LABELS } from '@/lib/motivations';
import { formatMonth } from '@/lib/format-date';
import { pageHref } from '@/lib/known-pages';

const term = 'text-sm font-semibold text-gray-700';
const link = 'font-semibold text-primary-800 underline underline-offset-2 hover:text-primary-900';

export function MemberDetails({ profile, name }: { profile: MemberProfile; name: string }) {
  const place = [profile.suburb_city, profile.state].filter(Boolean).join(', ');
  const motivations = profile.motivations ?? [];
  // Nothing to tell (a suspended account's answer, or a member who filled nothing in): no empty box.
  if (!profile.bio && !place && !profile.member_since && !profile.phone_verified && motivations.length === 0 && !profile.pages?.length) return null;
  return (
    <section aria-label={`About ${name}`} className="space-y-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
      {profile.bio ? <p className="break-words whitespace-pre-line text-gray-900">{profile.bio}</p> : null}
      <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
        {place ? (
          <div>
            <dt className={term}>Lives in</dt>
            <dd className="text-gray-900">{place}</dd>
          </div>
        ) : null}
        {profile.member_since ? (
          <div>
            <dt className={term}>Member since</dt>
            <dd className="text-gray-900">
              <time dateTime={profile.member_since}>{formatMonth(new Date(profile.member_since))}</time>
            </dd>
          </div>
        ) : null}
        {profile.phone_verified ? (
          <div>
            <dt className={term}>Phone</dt>
            <dd className="text-gray-900">Phone verified</dd>
          </div>
        ) : null}
        {motivations.length > 0 ? (
          <div className="sm:col-span-2">
            <dt className={term}>Here to</dt>
            <dd>
              <ul role="list" className="mt-1 flex flex-wrap gap-2">
                {motivations.map((m) => (
                  <li key={m} className="rounded-full bg-primary-50 px-3 py-1 text-sm text-primary-900">
                    {MOTIVATION_LABELS[m]}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
        {profile.pages && profile.pages.length > 0 ? (
          <div className="sm:col-span-2">
            <dt className={term}>Pages</dt>
            <dd>
              <ul role="list" aria-label={`Pages ${name} belongs to`} className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
                {profile.pages.map((p) => (
                  <li key={p.id} className="min-w-0 break-words">
                    <Link to={pageHref(p.handle)} className={link}>
                      {p.name}
                    </Link>
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
