/** /admin/settings: Site settings. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function AdminSettingsScreen() {
  return (
    <PageShell
      title="Site settings"
      description="The site's name, tagline, default location and other settings."
      upcoming={['Each setting with its type and visibility']}
    />
  );
}
