/** Join requests waiting for an admin or moderator: approve or decline each. */
import type { PageView } from '@shared/answers/pages';
import { Avatar } from '@/components/avatar';
import { Button, FormAlert, ShowMore } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { useJoinRequests, useStaffAction } from '../../api/pages';
import { Section } from './section';

export function RequestsSection({ page }: { page: PageView }) {
  const requests = useJoinRequests(page.id, true);
  const act = useStaffAction();
  const list = requests.data?.pages.flatMap((p) => p.requests) ?? [];
  return (
    <Section title="Join requests">
      <FormAlert message={act.isError ? failureMessage(act.error) : requests.isError ? failureMessage(requests.error) : null} title="That did not work" />
      {requests.isPending ? <p className="text-gray-600">Loading…</p> : list.length === 0 ? <p className="text-gray-600">Nobody is waiting.</p> : null}
      <ul className="space-y-2">
        {list.map((r) => (
          <li key={r.user.uuid} className="flex flex-wrap items-center gap-3">
            <Avatar src={r.user.avatar} name={r.user.username} size="sm" />
            <span className="flex-1 font-medium">@{r.user.username}</span>
            <Button aria-label={`Approve @${r.user.username}`} disabled={act.isPending} onClick={() => act.mutate({ action: 'approve', pageId: page.id, userId: r.user.uuid })}>
              Approve
            </Button>
            <Button variant="secondary" aria-label={`Decline @${r.user.username}`} disabled={act.isPending} onClick={() => act.mutate({ action: 'decline', pageId: page.id, userId: r.user.uuid })}>
              Decline
            </Button>
          </li>
        ))}
      </ul>
      <ShowMore list={requests}>Show more requests</ShowMore>
    </Section>
  );
}
