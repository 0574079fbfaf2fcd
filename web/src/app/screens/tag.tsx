/** /tag/:name: Posts tagged name. A shell until its feature lands. */
import { useParams } from 'react-router';
import { PageShell } from '@/components/page-shell';

export default function TagScreen() {
  const { name = '' } = useParams();
  return (
    <PageShell
      title={`Posts tagged ${name}`}
      description={`Posts and plants tagged ${name}.`}
      upcoming={['Posts and plant listings with this tag', 'Follow this tag']}
    />
  );
}
