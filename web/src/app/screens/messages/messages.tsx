/** /messages: Messages. A shell until its feature lands. */
import { PageShell } from '@/components/page-shell';

export default function MessagesScreen() {
  return (
    <PageShell
      title="Messages"
      description="Your conversations with members and pages."
      upcoming={['Conversations, unread first']}
    />
  );
}
