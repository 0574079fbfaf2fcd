/** /plant/:plantId: Plant listing. A shell until its feature lands. */
import { useParams } from 'react-router';
import { PageShell } from '@/components/page-shell';

export default function PlantScreen() {
  const { plantId = '' } = useParams();
  return (
    <PageShell
      title="Plant listing"
      description={`Photos, availability and details of plant listing ${plantId}.`}
      upcoming={['Photos with descriptions', 'Availability', 'Comments and reactions']}
    />
  );
}
