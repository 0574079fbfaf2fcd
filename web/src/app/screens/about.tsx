/** /about: About. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function AboutScreen() {
  return (
    <PageShell
      title="About"
      description="What this community is for, who runs it and how to reach us."
      upcoming={['The story and the people behind the site', 'How to contact the team']}
    />
  );
}
