/** A page's members tab (its own chunk: it loads when the tab is opened): who belongs, with their roles' names, 20 at a time. */
import { Link } from 'react-router';
import { PAGE_ROLE_NAMES } from '@shared/page-roles';
import { Avatar } from '@/components/avatar';
import { FormAlert, ShowMore } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { usePageMembers } from '@/features/pages/api/pages';

export function MemberList({ pageId, signedIn }: { pageId: string; signedIn: boolean }) {
  const members = usePageMembers(pageId, signedIn);
  if (!signedIn) return <p className="text-gray-700">Sign in to see who belongs to this page.</p>;
  if (members.isError) return <FormAlert message={failureMessage(members.error)} title="Could not load the members" />;
  if (!members.data) return <div role="status" aria-busy="true" aria-label="Loading members" className="h-24 animate-pulse rounded-xl bg-gray-100" />;
  return (
    <div className="space-y-3">
      <ul className="grid gap-3 sm:grid-cols-2">
        {members.data.pages.flatMap((p) => p.members).map((m) => (
          <li key={m.user.uuid} className="flex items-center gap-3 rounded-xl border border-gray-200 bg-white p-3">
            <Avatar src={m.user.avatar} name={m.user.username} />
            <span className="min-w-0">
              <Link to={`/${encodeURIComponent(m.user.username)}`} className="block truncate font-semibold text-gray-900 hover:underline">
                @{m.user.username}
              </Link>
              <span className="text-sm text-gray-600">{PAGE_ROLE_NAMES[m.role]}</span>
            </span>
          </li>
        ))}
      </ul>
      <ShowMore list={members}>Show more members</ShowMore>
    </div>
  );
}
