/** /auth/verifyfailed: Verification failed. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function VerifyFailedScreen() {
  return (
    <PageShell
      title="Verification failed"
      description="The link has expired or was already used. Ask for a new one and try again."
      upcoming={['Resend the verification e-mail']}
    />
  );
}
