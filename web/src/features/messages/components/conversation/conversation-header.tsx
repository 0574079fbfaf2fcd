/** Who the conversation is with (linked when `otherHref` is given), as whom the reader answers, and the menu once it exists. */
import { Link } from 'react-router';
import type { Party } from '@shared/answers/messages';
import { Avatar } from '@/components/avatar';
import { ConversationMenu } from './conversation-menu';

interface HeaderProps {
  other: Party;
  otherHref?: string;
  me: Party;
  convId: string | null;
  muted: boolean;
}

export function ConversationHeader({ other, otherHref, me, convId, muted }: HeaderProps) {
  return (
    <header className="flex items-center gap-3 border-b border-gray-200 px-4 py-3">
      <Avatar src={other.avatar} name={other.name} />
      <div className="min-w-0 flex-1">
        <h2 className="truncate font-semibold text-gray-900">
          {otherHref ? <Link to={otherHref} className="hover:underline">{other.name}</Link> : other.name}
        </h2>
        <p className="truncate text-sm text-gray-600">
          @{other.handle}
          {me.type === 'page' ? ` · answering as ${me.name}` : ''}
          {muted ? ' · muted' : ''}
        </p>
      </div>
      {convId ? <ConversationMenu convId={convId} muted={muted} blockable={other.type === 'user' && me.type === 'user' ? other : null} /> : null}
    </header>
  );
}
