/** /profile/plants/create: list a plant (details, availability, photos, tags, who can see it), then its page. */
import { useNavigate } from 'react-router';
import { PageShell } from '@/components/page-shell';
import { plantHref } from '@/config/paths';
import { RegistrationGate } from '@/features/auth/components/registration-gate';
import { Composer } from '@/features/compose/components/composer';

export default function PlantCreateScreen() {
  const navigate = useNavigate();
  return (
    <PageShell title="List a plant" description="Add photos and details of a plant to share, swap or sell.">
      <RegistrationGate action="list a plant">
        <Composer kind="plant" onCreated={(plant) => void navigate(plantHref(plant.id))} />
      </RegistrationGate>
    </PageShell>
  );
}
