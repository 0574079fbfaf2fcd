/** /pages/new: create a page for a nursery, club or garden. */
import { PageShell } from '@/components/page-shell';
import { RegistrationGate } from '@/features/auth/components/registration-gate';
import { NewPageForm } from '@/features/pages/components/page-form';

export default function NewPageScreen() {
  return (
    <PageShell title="Create a page" description="Start a page for your nursery, club or garden. You will be its first admin.">
      <RegistrationGate action="create a page">
        <NewPageForm />
      </RegistrationGate>
    </PageShell>
  );
}
