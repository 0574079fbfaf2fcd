/** People around a post (who commented, who liked it): each once, with their photo and username. */
import { useId } from 'react';
import { Link } from 'react-router';
import type { Responder } from '@shared/answers/comments';
import { handleHref } from '@/config/paths';
import { Avatar } from '@/components/avatar';

export function uniqueResponders(responders: readonly Responder[]): Responder[] {
  const seen = new Set<string>();
  return responders.filter((r) => {
    const key = r.uuid || r.username.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

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
              <Link
                to={handleHref(person.username)}
                className="inline-flex min-h-11 items-center gap-2 rounded-full bg-gray-50 py-1 pr-3 pl-1 text-sm font-medium text-gray-900 ring-1 ring-gray-200 hover:bg-primary-50 hover:text-primary-800"
              >
                <Avatar src={person.avatar} name={person.username} size="sm" />
                {person.username}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
