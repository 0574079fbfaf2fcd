/** /auth/setup-page: Set up a page. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function SetupPageScreen() {
  return (
    <PageShell
      title="Set up a page"
      description="Pages represent nurseries, clubs and community gardens. Here is how to start one."
      upcoming={['What a page can do', 'Start creating your page']}
    />
  );
}
