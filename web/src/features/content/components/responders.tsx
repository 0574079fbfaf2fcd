/** People around a post (who commented, who liked it): each once, with their photo and name, as posts name their owner. */
import { useId } from 'react';
import { Link } from 'react-router';
import type { Responder } from '@shared/answers/comments';
import { handleHref } from '@/config/paths';
import { Avatar } from '@/components/avatar';
import { toTitleCase } from '@shared/format';

/** Whether the card is of a deleted account (no profile to link to). */
export const isFormerMember = (r: Responder) => r.username === 'former-member';

/** A person's name as posts show their owner's (title case), else their username; "Former member" as it is. */
export const responderName = (r: Responder) => (isFormerMember(r) ? r.name : r.name?.trim() ? toTitleCase(r.name) : r.username);

export function uniqueResponders(responders: readonly Responder[]): Responder[] {
  const seen = new Set<string>();
  return responders.filter((r) => {
    const key = r.uuid || r.username.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const chip = 'inline-flex min-h-11 items-center gap-2 rounded-full bg-gray-50 py-1 pr-3 pl-1 text-sm font-medium ring-1 ring-gray-200';

export function Responders({ responders, title, empty }: { responders: readonly Responder[]; title: string; empty: string }) {
  const headingId = useId();
  const people = uniqueResponders(responders);
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id={headingId} className="text-lg font-semibold text-gray-900">
        {title}
      </h2>
      {people.length === 0 ? (
        <p className="mt-2 text-gray-700">{empty}</p>
      ) : (
        <ul role="list" className="mt-3 flex flex-wrap gap-2">
          {people.map((person) => (
            <li key={person.uuid || person.username}>
              {isFormerMember(person) ? (
                <span className={`${chip} text-gray-700`}>
                  <Avatar src={null} name={responderName(person)} size="sm" />
                  {responderName(person)}
                </span>
              ) : (
                <Link to={handleHref(person.username)} className={`${chip} text-gray-900 hover:bg-primary-50 hover:text-primary-800`}>
                  <Avatar src={person.avatar} name={responderName(person)} size="sm" />
                  {responderName(person)}
                </Link>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
