/** /welcome: Welcome. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function WelcomeScreen() {
  return (
    <PageShell
      title="Welcome"
      description="Your first steps after signing up: a few interests to follow and people nearby."
      upcoming={['Pick the plant interests to follow', 'Growers and pages near you']}
    />
  );
}
