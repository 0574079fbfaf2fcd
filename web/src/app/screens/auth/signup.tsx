/** /auth/signup: Create an account. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function SignupScreen() {
  return (
    <PageShell
      title="Create an account"
      description="Sign up with your e-mail address; we will send a link to verify it."
      upcoming={['E-mail and password form', 'Invite code, when you have one']}
    />
  );
}
