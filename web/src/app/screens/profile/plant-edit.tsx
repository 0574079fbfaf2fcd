/** /profile/plants/edit/:plantId: Edit plant listing. A shell until its feature lands. */
import { useParams } from 'react-router';
import { PageShell } from '@/components/page-shell';

export default function PlantEditScreen() {
  const { plantId = '' } = useParams();
  return (
    <PageShell
      title="Edit plant listing"
      description={`Change the details and photos of plant listing ${plantId}.`}
      upcoming={['Details, photos and availability form']}
    />
  );
}
