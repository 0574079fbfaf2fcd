/** /admin/settings/video: Video settings. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function AdminVideoSettingsScreen() {
  return (
    <PageShell
      title="Video settings"
      description="Settings of the videos shown on the site."
      upcoming={['Video settings form']}
    />
  );
}
