/** /docs/terms-of-use: the terms, as the admins wrote them (Markdown). */
import { SiteTextPage } from '@/features/site-texts/components/site-text-page';
import { Unpublished } from './unpublished';

export default function TermsOfUseScreen() {
  return (
    <SiteTextPage name="terms-of-use" title="Terms of use" description="The rules for using the site." fallback={<Unpublished what="terms of use" />} />
  );
}
