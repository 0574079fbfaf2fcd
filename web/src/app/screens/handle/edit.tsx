/** /:handle/edit: Edit @handle. A shell until its feature lands. */
import { useParams } from 'react-router';
import { PageShell } from '@/components/page-shell';

export default function HandleEditScreen() {
  const { handle = '' } = useParams();
  return (
    <PageShell
      title={`Edit @${handle}`}
      description={`Change the details of ${handle}.`}
      upcoming={['Details, avatar and location form']}
    />
  );
}
