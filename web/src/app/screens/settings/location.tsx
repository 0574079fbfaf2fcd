/** /settings/location: Location settings. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function LocationSettingsScreen() {
  return (
    <PageShell
      title="Location settings"
      description="The default location used for guests and new members."
      upcoming={['Default location form']}
    />
  );
}
