/** /admin/email: the e-mails the site sends, and a test of the account-deletion e-mail to oneself. */
import { useMutation } from '@tanstack/react-query';
import { Button, FormAlert, Notice } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { PageShell } from '@/components/page-shell';
import { sendAccountDeletionEmail } from '@/features/admin/api/admin';
import { useAuth } from '@/lib/auth/auth-store';

const EMAILS = [
  { name: 'E-mail verification', when: 'After signing up, and when someone asks for a new link. The link opens /auth/verifyemail.' },
  { name: 'Already registered', when: 'When someone signs up with an address that has an account (instead of a second account).' },
  { name: 'Password reset', when: 'When someone asks for a reset link. The link opens /auth/reset and expires.' },
  { name: 'Account deletion', when: 'When a member deletes their account: a confirmation of what was removed.' },
  { name: 'New page', when: 'When a member creates a page: what to do next.' },
  { name: 'Notifications', when: 'Messages, comments and events, as each member chose in their settings.' },
];

export default function AdminEmailScreen() {
  const { user } = useAuth();
  const send = useMutation({ mutationFn: sendAccountDeletionEmail });
  return (
    <PageShell title="E-mail" description="The e-mails the site sends, and a test message to yourself.">
      <section aria-labelledby="emails-sent" className="space-y-3">
        <h2 id="emails-sent" className="text-lg font-semibold text-gray-900">
          What the site sends
        </h2>
        <dl className="divide-y divide-gray-200 rounded-xl border border-gray-200 bg-white">
          {EMAILS.map((e) => (
            <div key={e.name} className="p-4">
              <dt className="font-medium text-gray-900">{e.name}</dt>
              <dd className="mt-1 text-sm text-gray-600">{e.when}</dd>
            </div>
          ))}
        </dl>
        <p className="text-sm text-gray-600">In the cloud these go out through Amazon SES; on a laptop they land in the outbox at /dev/outbox.</p>
      </section>
      <section aria-labelledby="email-test" className="space-y-3 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
        <h2 id="email-test" className="text-lg font-semibold text-gray-900">
          Send a test
        </h2>
        <p className="text-sm text-gray-700">
          Sends the account-deletion e-mail to <strong>{user?.email ?? 'you'}</strong>. Nothing is deleted.
        </p>
        <FormAlert message={send.isError ? failureMessage(send.error) : null} title="Could not send the test" />
        {send.isSuccess ? (
          <Notice>
            <p>Sent to {user?.email}. It may take a minute to arrive.</p>
          </Notice>
        ) : null}
        <Button onClick={() => send.mutate()} pending={send.isPending} pendingLabel="Sending…">
          Send me the account-deletion e-mail
        </Button>
      </section>
    </PageShell>
  );
}
