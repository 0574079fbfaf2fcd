/** /messages/:userHandle/to/:pageHandle: Conversation with a page. A shell until its feature lands. */
import { useParams } from 'react-router';
import { PageShell } from '@/components/page-shell';
import { RegistrationGate } from '@/features/auth/components/registration-gate';

export default function PageConversationScreen() {
  const { userHandle = '', pageHandle = '' } = useParams();
  return (
    <PageShell title="Conversation with a page" description={`Messages between ${userHandle} and the page ${pageHandle}.`}>
      <RegistrationGate action="send messages">
        <ul className="list-disc space-y-1 pl-5 text-gray-700" aria-label="Coming to this page">
          <li>Messages</li>
          <li>Write a message</li>
        </ul>
      </RegistrationGate>
    </PageShell>
  );
}
