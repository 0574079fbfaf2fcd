/** /profile/swaps: my swaps, the requests on my listings and those I made, each with its steps, moves and review; and where the pages I help run have theirs. */
import { Link } from 'react-router';
import { isPageStaff } from '@shared/page-roles';
import { PageShell } from '@/components/page-shell';
import { swapsHref } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-store';
import { useMyPages } from '@/lib/my-pages';
import { SwapList } from '@/features/swaps/components/swap-list';

const link = 'font-semibold text-primary-800 underline underline-offset-2';

/** The pages whose listings' requests I answer (as an admin or moderator), each to its requests. */
function PagesIRun({ viewer }: { viewer: string }) {
  const pages = useMyPages(viewer);
  const staffed = (pages.data?.pages ?? []).filter((p) => isPageStaff(p.my.role));
  if (!staffed.length) return null;
  return (
    <section className="space-y-2" aria-labelledby="swaps-pages">
      <h2 id="swaps-pages" className="text-lg font-semibold text-gray-900">
        Requests on your pages&apos; listings
      </h2>
      <ul className="flex flex-wrap gap-x-4 gap-y-2">
        {staffed.map((p) => (
          <li key={p.id}>
            <Link to={swapsHref(p.handle)} className={link}>
              {p.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function SwapsScreen() {
  const auth = useAuth();
  const me = auth.user;
  return (
    <PageShell
      title="Your swaps"
      description={
        <>
          Requests on your plant listings and the plants you asked for. Each swap goes requested, accepted, handed over, received; then both of you review it.
          {me?.username ? (
            <>
              {' '}
              <Link to={swapsHref(me.username)} className={link}>
                Your swap record
              </Link>
            </>
          ) : null}
        </>
      }
    >
      <div className="space-y-8">
        {me ? <PagesIRun viewer={me.uuid} /> : null}
        <SwapList role="offered" title="Requests on your listings" />
        <SwapList role="asked" title="Plants you asked for" />
      </div>
    </PageShell>
  );
}
