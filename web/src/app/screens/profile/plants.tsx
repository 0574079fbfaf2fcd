/** /profile/plants: Your plants. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function ProfilePlantsScreen() {
  return (
    <PageShell
      title="Your plants"
      description="The plants you have listed."
      upcoming={['Your plant listings with their availability']}
    />
  );
}
