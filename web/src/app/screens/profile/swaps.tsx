/** /profile/swaps: my swaps, the requests on my listings and those I made, each with its steps, moves and review. */
import { Link } from 'react-router';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { handleHref } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-store';
import { SwapList } from '@/features/swaps/components/swap-list';

export default function SwapsScreen() {
  useDocumentTitle('Your swaps');
  const auth = useAuth();
  const me = auth.user?.username;
  return (
    <article className="space-y-8">
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">Your swaps</h1>
        <p className="max-w-prose text-gray-600">
          Requests on your plant listings and the plants you asked for. Each swap goes requested, accepted, handed over, received; then both of you review it.
          {me ? (
            <>
              {' '}
              <Link to={`${handleHref(me)}/swaps`} className="font-semibold text-primary-800 underline underline-offset-2">
                Your swap record
              </Link>
            </>
          ) : null}
        </p>
      </header>
      <SwapList role="offered" title="Requests on your listings" />
      <SwapList role="asked" title="Plants you asked for" />
    </article>
  );
}
