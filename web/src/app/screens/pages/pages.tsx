/** /pages: Pages. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function PagesScreen() {
  return (
    <PageShell
      title="Pages"
      description="Nurseries, clubs and community gardens on the site."
      upcoming={['All pages', 'Pages you run or follow']}
    />
  );
}
