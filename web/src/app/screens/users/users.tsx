/** /users: People. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function UsersScreen() {
  return (
    <PageShell
      title="People"
      description="Growers on the site."
      upcoming={['Member directory']}
    />
  );
}
