/** /user/interests: Interests. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function InterestsScreen() {
  return (
    <PageShell
      title="Interests"
      description="Plant interests you can follow."
      upcoming={['Interest categories and their tags']}
    />
  );
}
