/**
 * The like button of a post or comment: toggles at once (optimistic) and puts the count back if
 * the server refuses. Guests get a link to sign in instead, with the count.
 */
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { formatNumber, plural } from '@shared/format';
import { failureMessage } from '@/components/form/messages';
import { loginHref, paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-store';
import { addReaction, type ReactionTarget, removeReaction } from '../api/reactions';
import { HeartIcon } from './icons';

interface Mine {
  count: number;
  /** The member's reaction: its id once the server has it, 'pending' while it is being made. */
  reactionId: string | null;
}

const likes = (n: number) => plural(n, 'like', 'likes');

export function ReactionButton({
  target,
  count,
  myReactionId,
  noun,
  onSaved,
}: {
  target: ReactionTarget;
  count: number;
  myReactionId: string | null;
  /** What is liked, for the label: "post", "plant", "comment". */
  noun: string;
  /** The server's answer, for the caller's copy of the item. */
  onSaved?: (next: { reactionCount: number; myReactionId: string | null }) => void;
}) {
  const auth = useAuth();
  const location = useLocation();
  const [state, setState] = useState<Mine>({ count, reactionId: myReactionId });
  const [synced, setSynced] = useState({ count, myReactionId });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // A newer copy of the item (the cache after this or another card's change, a reload) wins,
  // once no call of this button is under way.
  if (!busy && (synced.count !== count || synced.myReactionId !== myReactionId)) {
    setSynced({ count, myReactionId });
    setState({ count, reactionId: myReactionId });
  }

  const base = 'inline-flex min-h-11 items-center gap-1.5 rounded-md px-2 text-sm font-medium';

  if (auth.loggedIn !== true || !auth.user?.registration_complete) {
    const to = auth.loggedIn ? paths.register : loginHref(location);
    return (
      <Link to={to} className={`${base} text-gray-700 hover:bg-gray-100 hover:text-gray-900`}>
        <HeartIcon className="size-5" />
        <span aria-hidden="true">{formatNumber(state.count)}</span>
        <span className="sr-only">{`${likes(state.count)}. ${auth.loggedIn ? 'Finish your registration' : 'Sign in'} to like this ${noun}`}</span>
      </Link>
    );
  }

  const reacted = state.reactionId !== null;

  async function toggle() {
    if (busy) return;
    const before = state;
    if (before.reactionId === 'pending') return;
    setError(null);
    setBusy(true);
    try {
      if (before.reactionId === null) {
        setState({ count: before.count + 1, reactionId: 'pending' });
        const reaction = await addReaction(target);
        setState({ count: reaction.reactionCount, reactionId: reaction.id });
        onSaved?.({ reactionCount: reaction.reactionCount, myReactionId: reaction.id });
      } else {
        setState({ count: Math.max(0, before.count - 1), reactionId: null });
        const { reactionCount } = await removeReaction(before.reactionId);
        setState({ count: reactionCount, reactionId: null });
        onSaved?.({ reactionCount, myReactionId: null });
      }
    } catch (err) {
      setState(before);
      setError(`Your like was not saved: ${failureMessage(err)}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <button
        type="button"
        aria-pressed={reacted}
        aria-label={`Like this ${noun}, ${likes(state.count)}`}
        onClick={() => void toggle()}
        className={`${base} ${reacted ? 'text-red-700 hover:bg-red-50' : 'text-gray-700 hover:bg-gray-100 hover:text-gray-900'}`}
      >
        <HeartIcon className="size-5" filled={reacted} />
        <span aria-hidden="true">{formatNumber(state.count)}</span>
      </button>
      {error ? (
        <span role="alert" className="text-sm text-red-800">
          {error}
        </span>
      ) : null}
    </span>
  );
}
