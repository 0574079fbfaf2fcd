/** /docs/terms-of-use: Terms of use. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function TermsOfUseScreen() {
  return (
    <PageShell
      title="Terms of use"
      description="The rules for using the site."
      upcoming={['The terms in full']}
    />
  );
}
