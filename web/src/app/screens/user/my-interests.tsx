/** /user/my-interests: My interests. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function MyInterestsScreen() {
  return (
    <PageShell
      title="My interests"
      description="The tags you follow and why you are here."
      upcoming={['Followed tags', 'Your motivations']}
    />
  );
}
