/**
 * /messages/:userHandle/to/:pageHandle: a member's conversation with a page. The member writes as
 * themself; the page's admins and moderators read it from the page's inbox and answer as the page.
 */
import { useParams, useSearchParams } from 'react-router';
import type { Party } from '@shared/answers/messages';
import { FormAlert } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { Loading } from '@/components/loading';
import { PageShell } from '@/components/page-shell';
import { useAuth } from '@/lib/auth/auth-store';
import { RegistrationGate } from '@/features/auth/components/registration-gate';
import { useListingQuote, useMessagee, useStartConversation } from '@/features/messages/api/messages';
import { ConversationView } from '@/features/messages/components/conversation-view';

export default function PageConversationScreen() {
  const { userHandle = '', pageHandle = '' } = useParams();
  const { user } = useAuth();
  const member = useMessagee(userHandle);
  const page = useMessagee(pageHandle);
  const start = useStartConversation();
  const [params] = useSearchParams();
  const quote = useListingQuote(params.get('plant'));
  const who = member.data?.messagee;
  const to = page.data?.messagee;
  const asMember = !!user && !!who && who.id === user.uuid;

  let body;
  if (member.isPending || page.isPending || quote.pending) body = <Loading label="Loading…" />;
  else if (member.isError || page.isError) body = <FormAlert message={failureMessage(member.error ?? page.error)} title="Could not find this conversation" />;
  else if (!who || !to || who.type !== 'user' || to.type !== 'page') body = <FormAlert message="The address names a member and then a page: /messages/member/to/page." title="Not a conversation with a page" />;
  else {
    const me: Party = asMember ? who : to;
    const other: Party = asMember ? to : who;
    body = (
      <ConversationView
        key={`${who.id}.${to.id}`}
        viewer={user!.uuid}
        a={who.id}
        b={to.id}
        me={me}
        other={other}
        otherHref={`/${encodeURIComponent(other.handle)}`}
        canStart={asMember}
        initialText={asMember ? quote.text : undefined}
        start={async () => {
          if (!asMember) throw new Error(`${who.name} has not written to the page yet`);
          return (await start.mutateAsync({ kind: 'page', me: who.id, pageId: to.id })).convnId;
        }}
      />
    );
  }

  return (
    <PageShell title={to ? (asMember ? `Messages with ${to.name}` : `${who?.name ?? userHandle} and ${to.name}`) : 'Conversation with a page'} description={`Messages between @${userHandle} and the page @${pageHandle}.`}>
      <RegistrationGate action="send messages">{body}</RegistrationGate>
    </PageShell>
  );
}
