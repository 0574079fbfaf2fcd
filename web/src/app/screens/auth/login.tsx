/** /auth/login: Sign in. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function LoginScreen() {
  return (
    <PageShell
      title="Sign in"
      description="Sign in with your e-mail address and password."
      upcoming={['E-mail and password form', 'Links to reset your password and to sign up']}
    />
  );
}
