/** /join: Join the community. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function JoinScreen() {
  return (
    <PageShell
      title="Join the community"
      description="Why growers join, and an invitation to create an account."
      upcoming={['What members can do: share plants, swap, meet nearby growers', 'Sign-up with an invite, when you have one']}
    />
  );
}
