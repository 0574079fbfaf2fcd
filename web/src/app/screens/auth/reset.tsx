/** /auth/reset: Reset your password. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function ResetScreen() {
  return (
    <PageShell
      title="Reset your password"
      description="We will e-mail you a link to choose a new password."
      upcoming={['E-mail form', 'New password form after following the link']}
    />
  );
}
