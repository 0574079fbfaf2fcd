/** A member's card above their posts: photo, name in title case, handle, and how much they have shared. */
import type { ReactNode } from 'react';
import { formatNumber, toTitleCase } from '@shared/format';
import type { FeedCounts } from '@shared/answers/feeds';
import { Avatar } from '@/components/avatar';

const plural = (n: number, one: string, many: string) => `${formatNumber(n)} ${n === 1 ? one : many}`;

export function ProfileCard({
  name,
  handle,
  avatar,
  counts,
  countsNote,
  as: Heading = 'h1',
  children,
}: {
  /** The name's heading level: h2 where the page has its own h1. */
  as?: 'h1' | 'h2';
  name: string;
  handle: string | null;
  avatar: string | null;
  counts: FeedCounts | null;
  /** Said instead of the counts while they load or when they could not be loaded. */
  countsNote?: string;
  /** Actions (links) below the details. */
  children?: ReactNode;
}) {
  const shown = name.trim() ? toTitleCase(name) : handle ? `@${handle}` : 'Member';
  return (
    <header className="flex flex-col gap-4 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:p-6">
      <Avatar src={avatar} name={shown} size="lg" />
      <div className="min-w-0 flex-1 space-y-1">
        <Heading className={`${Heading === 'h1' ? 'text-2xl sm:text-3xl' : 'text-xl sm:text-2xl'} font-semibold tracking-tight break-words text-gray-900`}>{shown}</Heading>
        {handle && name.trim() ? <p className="text-gray-600">@{handle}</p> : null}
        {counts ? (
          <ul role="list" aria-label="Shared so far" className="flex flex-wrap gap-x-4 gap-y-1 pt-1 text-sm text-gray-800">
            <li>{plural(counts.postsAll, 'post', 'posts')}</li>
            <li>{plural(counts.plantsAll, 'plant', 'plants')}</li>
            <li>{`${formatNumber(counts.plantsAvail)} available`}</li>
          </ul>
        ) : countsNote ? (
          <p className="pt-1 text-sm text-gray-600">{countsNote}</p>
        ) : null}
        {children ? <div className="flex flex-wrap gap-x-4 gap-y-2 pt-2 text-sm">{children}</div> : null}
      </div>
    </header>
  );
}
