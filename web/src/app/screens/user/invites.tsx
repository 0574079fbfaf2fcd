/** /user/invites: Invites. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';
import { RegistrationGate } from '@/features/auth/components/registration-gate';

export default function InvitesScreen() {
  return (
    <PageShell title="Invites" description="Invite friends to the community.">
      <RegistrationGate action="invite people">
        <ul className="list-disc space-y-1 pl-5 text-gray-700" aria-label="Coming to this page">
          <li>Your invites and whether they are still valid</li>
          <li>Create an invite</li>
        </ul>
      </RegistrationGate>
    </PageShell>
  );
}
