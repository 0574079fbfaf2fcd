/** /post/:randomId: a post with its photos, comments and the people who responded. */
import { useParams } from 'react-router';
import { ContentDetail } from '@/features/content/components/content-detail';

export default function PostScreen() {
  const { randomId = '' } = useParams();
  return <ContentDetail key={randomId} kind="post" id={randomId} />;
}
