/** /pages/new: Create a page. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';
import { RegistrationGate } from '@/features/auth/components/registration-gate';

export default function NewPageScreen() {
  return (
    <PageShell title="Create a page" description="Start a page for your nursery, club or garden.">
      <RegistrationGate action="create a page">
        <ul className="list-disc space-y-1 pl-5 text-gray-700" aria-label="Coming to this page">
          <li>Name, handle, description and location form</li>
        </ul>
      </RegistrationGate>
    </PageShell>
  );
}
