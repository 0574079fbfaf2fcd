/** /auth/suspended: Account suspended. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function SuspendedScreen() {
  return (
    <PageShell
      title="Account suspended"
      description="This account is suspended. Contact the team if you think this is a mistake."
      upcoming={['How to contact the team']}
    />
  );
}
