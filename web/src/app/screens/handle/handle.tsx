/** /:handle: @handle. A shell until its feature lands. */
import { useParams } from 'react-router';
import { PageShell } from '@/components/page-shell';

export default function HandleScreen() {
  const { handle = '' } = useParams();
  return (
    <PageShell
      title={`@${handle}`}
      description={`The profile or page of ${handle}: posts, plants and events.`}
      upcoming={['Profile or page details', 'Posts and plant listings', 'Upcoming events of a page']}
    />
  );
}
