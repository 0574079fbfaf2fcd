/** /messages/:username: the conversation with a member (?plant=<id> starts it quoting that listing). */
import { Navigate, useParams, useSearchParams } from 'react-router';
import type { Party } from '@shared/answers/messages';
import { FormAlert } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { Loading } from '@/components/loading';
import { PageShell } from '@/components/page-shell';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-store';
import { RegistrationGate } from '@/features/auth/components/registration-gate';
import { useListingQuote, useMessagee, useStartConversation } from '@/features/messages/api/messages';
import { ConversationView } from '@/features/messages/components/conversation-view';

export default function ConversationScreen() {
  const { username = '' } = useParams();
  const [params] = useSearchParams();
  const plant = params.get('plant');
  const { user } = useAuth();
  const messagee = useMessagee(username);
  const start = useStartConversation();
  const quote = useListingQuote(plant);
  const other = messagee.data?.messagee;

  if (other?.type === 'page' && user?.username) return <Navigate to={`${paths.messages}/${encodeURIComponent(user.username)}/to/${encodeURIComponent(other.handle)}`} replace />;

  const me: Party | null = user?.username
    ? { type: 'user', id: user.uuid, handle: user.username, name: [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username, avatar: user.avatar }
    : null;

  return (
    <PageShell title={other ? `Messages with ${other.name}` : 'Conversation'} description={`Your messages with @${username}.`}>
      <RegistrationGate action="send messages">
        {messagee.isPending || quote.pending ? (
          <Loading label="Loading…" />
        ) : messagee.isError ? (
          <FormAlert message={failureMessage(messagee.error)} title="Could not find this member" />
        ) : !other || !me ? null : other.id === me.id ? (
          <p className="text-gray-700">This is you. Pick someone else to write to.</p>
        ) : (
          <ConversationView
            key={other.id}
            viewer={me.id}
            a={me.id}
            b={other.id}
            me={me}
            other={other}
            otherHref={`/${encodeURIComponent(other.handle)}`}
            initialText={quote.text}
            start={async () => (await start.mutateAsync({ kind: 'user', me: me.id, other: other.id })).convnId}
          />
        )}
      </RegistrationGate>
    </PageShell>
  );
}
