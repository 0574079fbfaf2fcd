/** /auth/verify: Verify your e-mail. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function VerifyScreen() {
  return (
    <PageShell
      title="Verify your e-mail"
      description="Check your inbox for the verification link, or ask for a new one."
      upcoming={['Resend the verification e-mail']}
    />
  );
}
