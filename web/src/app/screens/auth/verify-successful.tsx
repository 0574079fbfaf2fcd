/** /auth/verifysuccessful: E-mail verified. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function VerifySuccessfulScreen() {
  return (
    <PageShell
      title="E-mail verified"
      description="Your e-mail address is verified. Next, complete your registration."
      upcoming={['Continue to registration']}
    />
  );
}
