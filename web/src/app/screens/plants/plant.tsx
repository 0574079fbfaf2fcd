/** /plant/:plantId: a plant listing in full (details, availability, photos with their descriptions), its comments and responders. */
import { useParams } from 'react-router';
import { ContentDetail } from '@/features/content/components/content-detail';

export default function PlantScreen() {
  const { plantId = '' } = useParams();
  return <ContentDetail key={plantId} kind="plant" id={plantId} />;
}
