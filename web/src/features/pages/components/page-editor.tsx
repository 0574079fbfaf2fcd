/**
 * /:handle/edit for a page, for its admins (moderators see join requests and members only):
 * details, place, tags, members and roles, join requests, settings, and deleting the page after
 * typing its handle. Each part is its own component in ./page-editor/.
 */
import { Link } from 'react-router';
import type { PageView } from '@shared/answers/pages';
import { isPageAdmin } from '@shared/page-roles';
import { pageHref } from '@/lib/known-pages';
import { DeleteSection } from './page-editor/delete-section';
import { DetailsSection } from './page-editor/details-section';
import { MembersSection } from './page-editor/members-section';
import { RequestsSection } from './page-editor/requests-section';
import { SettingsSection } from './page-editor/settings-section';
import { TagsSection } from './page-editor/tags-section';

export function PageEditor({ page, onChanged }: { page: PageView; onChanged: () => void }) {
  const admin = isPageAdmin(page.my.role);
  return (
    <div className="space-y-6">
      <p>
        <Link to={pageHref(page.handle)} className="font-semibold text-primary-800 underline underline-offset-2">
          Back to {page.name}
        </Link>
      </p>
      {admin ? <DetailsSection page={page} onChanged={onChanged} /> : null}
      {admin ? <TagsSection page={page} onChanged={onChanged} /> : null}
      <RequestsSection page={page} />
      <MembersSection page={page} admin={admin} />
      {admin ? <SettingsSection page={page} onChanged={onChanged} /> : null}
      {admin ? <DeleteSection page={page} /> : null}
    </div>
  );
}
