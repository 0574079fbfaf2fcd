/** /plant/:plantId: a plant listing in full (details, availability, photos with their descriptions), its comments and responders; "Ask to swap" while it is available. */
import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { ContentDetail, type PlantSwapSlot } from '@/features/content/components/content-detail';

/** Its own chunk: only signed-in members who do not own the listing load it. */
const AskForSwap = lazy(() => import('@/features/swaps/components/ask-for-swap'));

const askForSwap: PlantSwapSlot = (listing) => (
  <Suspense fallback={null}>
    <AskForSwap {...listing} />
  </Suspense>
);

export default function PlantScreen() {
  const { plantId = '' } = useParams();
  return <ContentDetail key={plantId} kind="plant" id={plantId} swap={askForSwap} />;
}
