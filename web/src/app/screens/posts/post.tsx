/** /post/:randomId: Post. A shell until its feature lands. */
import { useParams } from 'react-router';
import { PageShell } from '@/components/page-shell';

export default function PostScreen() {
  const { randomId = '' } = useParams();
  return (
    <PageShell
      title="Post"
      description={`Post ${randomId} with its comments and reactions.`}
      upcoming={['The post and its photos', 'Comments and replies', 'Reactions']}
    />
  );
}
