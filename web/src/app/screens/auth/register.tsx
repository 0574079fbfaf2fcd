/** /auth/register: Complete your registration. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function RegisterScreen() {
  return (
    <PageShell
      title="Complete your registration"
      description="Choose a username and tell us roughly where you grow, so neighbours can find you."
      upcoming={['Username, names and location form']}
    />
  );
}
