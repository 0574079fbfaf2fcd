/** /auth/verifyemail: Verifying your e-mail. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function VerifyEmailScreen() {
  return (
    <PageShell
      title="Verifying your e-mail"
      description="We are checking the link you followed."
      upcoming={['Progress of the check, then the result']}
    />
  );
}
