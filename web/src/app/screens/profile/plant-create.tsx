/** /profile/plants/create: List a plant. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';
import { RegistrationGate } from '@/features/auth/components/registration-gate';

export default function PlantCreateScreen() {
  return (
    <PageShell title="List a plant" description="Add photos and details of a plant to share or swap.">
      <RegistrationGate action="list a plant">
        <ul className="list-disc space-y-1 pl-5 text-gray-700" aria-label="Coming to this page">
          <li>Photos, details and availability form</li>
        </ul>
      </RegistrationGate>
    </PageShell>
  );
}
