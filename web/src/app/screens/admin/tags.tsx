/** /admin/tags: Tags. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function AdminTagsScreen() {
  return (
    <PageShell
      title="Tags"
      description="Create, group and remove tags and interest categories."
      upcoming={['All tags sorted by name', 'Tag groups and their children']}
    />
  );
}
