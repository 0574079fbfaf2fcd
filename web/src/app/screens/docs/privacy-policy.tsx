/** /docs/privacy-policy: Privacy policy. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function PrivacyPolicyScreen() {
  return (
    <PageShell
      title="Privacy policy"
      description="What we collect, why, and what you can do about it."
      upcoming={['The policy in full']}
    />
  );
}
