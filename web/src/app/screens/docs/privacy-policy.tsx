/** /docs/privacy-policy: the policy, as the admins wrote it (Markdown). */
import { SiteTextPage } from '@/features/site-texts/components/site-text-page';
import { Unpublished } from './unpublished';

export default function PrivacyPolicyScreen() {
  return (
    <SiteTextPage
      name="privacy-policy"
      title="Privacy policy"
      description="What we collect, why, and what you can do about it."
      fallback={<Unpublished what="privacy policy" />}
    />
  );
}
