/** /settings: Settings. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function SettingsScreen() {
  return (
    <PageShell
      title="Settings"
      description="Your account, notifications, privacy and sessions."
      upcoming={['Account and password', 'Notification preferences', 'Signed-in devices']}
    />
  );
}
