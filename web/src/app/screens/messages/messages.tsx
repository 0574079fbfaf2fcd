/** /messages: the inbox (or, with ?page=<id>, a page's inbox for its admins and moderators). */
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { ServerFrame } from '@shared/realtime';
import { PageShell } from '@/components/page-shell';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-store';
import { isUuid } from '@/lib/ids';
import { useInbox } from '@/features/messages/api/messages';
import { messagesKeys } from '@/features/messages/api/keys';
import { Inbox } from '@/features/messages/components/inbox';
import { useFrames } from '@/lib/live/live';

export default function MessagesScreen() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const raw = params.get('page');
  const pageId = raw && isUuid(raw) ? raw.toLowerCase() : null;
  const viewer = user?.uuid ?? '';
  const qc = useQueryClient();
  // A new message anywhere moves its conversation to the top: the inbox is read again.
  const onFrame = useCallback(
    (frame: ServerFrame) => {
      if (frame.type === 'message') void qc.invalidateQueries({ queryKey: [...messagesKeys.all, 'inbox'] });
    },
    [qc],
  );
  useFrames(onFrame);
  const inbox = useInbox(viewer, pageId);
  const pageName = pageId ? inbox.data?.pages[0]?.conversations[0]?.me.name : undefined;

  return (
    <PageShell
      title={pageId ? `Messages to ${pageName ?? 'your page'}` : 'Messages'}
      description={pageId ? 'Members\' conversations with the page. Its admins and moderators answer as the page.' : 'Your conversations with members and pages, newest first.'}
    >
      {pageId ? (
        <Link to={paths.messages} className="text-sm font-medium text-primary-800 hover:underline">
          ← Your own messages
        </Link>
      ) : null}
      {viewer ? <Inbox key={pageId ?? 'mine'} viewer={viewer} viewerHandle={user?.username ?? ''} pageId={pageId} /> : null}
    </PageShell>
  );
}
