/** /messages/:username: Conversation. A shell until its feature lands. */
import { useParams } from 'react-router';
import { PageShell } from '@/components/page-shell';
import { RegistrationGate } from '@/features/auth/components/registration-gate';

export default function ConversationScreen() {
  const { username = '' } = useParams();
  return (
    <PageShell title="Conversation" description={`Your messages with ${username}.`}>
      <RegistrationGate action="send messages">
        <ul className="list-disc space-y-1 pl-5 text-gray-700" aria-label="Coming to this page">
          <li>Messages</li>
          <li>Write a message</li>
        </ul>
      </RegistrationGate>
    </PageShell>
  );
}
