/** /profile: Your profile. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function ProfileScreen() {
  return (
    <PageShell
      title="Your profile"
      description="Your posts, plants and details as others see them."
      upcoming={['Your posts', 'Your plant listings', 'Edit your details']}
    />
  );
}
