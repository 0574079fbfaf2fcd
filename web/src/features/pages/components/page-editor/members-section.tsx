/** The page's members: admins change roles and remove; moderators remove plain members. */
import type { PageView } from '@shared/answers/pages';
import type { AssignablePageRole } from '@shared/page-roles';
import { Avatar } from '@/components/avatar';
import { SelectField } from '@/components/form/fields';
import { Button, FormAlert, ShowMore } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { usePageMembers, useStaffAction } from '../../api/pages';
import { roleOptions } from '../../lib/page-options';
import { PAGE_ROLE_NAMES } from '@shared/page-roles';
import { InviteForm } from './invite-form';
import { Section } from './section';

const ROLE_OPTIONS = roleOptions(PAGE_ROLE_NAMES);

export function MembersSection({ page, admin }: { page: PageView; admin: boolean }) {
  const members = usePageMembers(page.id, true);
  const act = useStaffAction();
  return (
    <Section title="Members and roles">
      <FormAlert message={act.isError ? failureMessage(act.error) : members.isError ? failureMessage(members.error) : null} title="That did not work" />
      {members.isPending ? <p className="text-gray-600">Loading members…</p> : null}
      <InviteForm page={page} />
      <ul className="space-y-2">
        {(members.data?.pages.flatMap((p) => p.members) ?? []).map((m) => (
          <li key={m.user.uuid} className="flex flex-wrap items-center gap-3">
            <Avatar src={m.user.avatar} name={m.user.username} size="sm" />
            <span className="flex-1 font-medium">@{m.user.username}</span>
            {m.role === 'creator' ? (
              <span className="text-sm text-gray-600">{PAGE_ROLE_NAMES.creator}</span>
            ) : admin || m.role === 'member' ? (
              <>
                {admin ? (
                  <SelectField
                    label={`Role of @${m.user.username}`}
                    name={`role-${m.user.uuid}`}
                    value={m.role}
                    onValueChange={(role) => act.mutate({ action: 'role', pageId: page.id, userId: m.user.uuid, role: role as AssignablePageRole })}
                    options={ROLE_OPTIONS}
                  />
                ) : null}
                <Button
                  variant="secondary"
                  onClick={() => {
                    if (window.confirm(`Remove @${m.user.username} from ${page.name}?`)) act.mutate({ action: 'remove', pageId: page.id, userId: m.user.uuid });
                  }}
                >
                  Remove
                </Button>
              </>
            ) : (
              <span className="text-sm text-gray-600">{m.role}</span>
            )}
          </li>
        ))}
      </ul>
      <ShowMore list={members}>Show more members</ShowMore>
    </Section>
  );
}
