/** /:handle/swaps: a member's or a page's swap record; a page's admins and moderators also see the requests on its listings. */
import { useParams } from 'react-router';
import { isPageStaff } from '@shared/page-roles';
import { NotFoundScreen } from '@/components/errors/not-found';
import { Loading } from '@/components/loading';
import { PageShell } from '@/components/page-shell';
import { useAuth } from '@/lib/auth/auth-store';
import { viewerOf } from '@/lib/ids';
import { ApiError } from '@/lib/api';
import { useHandleOwner } from '@/features/content/api/feeds';
import { usePageDetails } from '@/features/pages/api/pages';
import { useSwapRecord } from '@/features/swaps/api/swaps';
import { SwapList } from '@/features/swaps/components/swap-list';
import { SwapRecordView } from '@/features/swaps/components/swap-record';

export default function HandleSwapsScreen() {
  const { handle = '' } = useParams();
  const auth = useAuth();
  const { owner, query } = useHandleOwner(handle);
  const isPage = owner?.type === 'page';
  const page = usePageDetails(viewerOf(auth), handle, isPage);
  const member = useSwapRecord(owner && !isPage ? owner.id : undefined);
  const gone = (e: unknown) => e instanceof ApiError && (e.status === 404 || e.status === 400);
  // An unknown handle, or a page hidden from this reader, is not found.
  if ((query.isError && gone(query.error)) || (page.isError && gone(page.error))) return <NotFoundScreen />;
  const name = owner?.name ?? `@${handle}`;
  const record = isPage ? page.data?.swapRecord : member.data;
  const failed = query.isError || (isPage ? page.isError : member.isError);
  const staff = isPage && isPageStaff(page.data?.page.my.role ?? null);
  return (
    <PageShell title={`Swaps of ${name}`} description="Plants swapped and given away, and what the other side said.">
      <div className="space-y-8">
        {failed ? (
          <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
            Could not load this swap record. Try again in a moment.
          </p>
        ) : record ? (
          <SwapRecordView record={record} name={name} />
        ) : (
          <Loading label="Loading the swap record…" />
        )}
        {staff && page.data ? <SwapList role="offered" pageId={page.data.page.id} title={`Requests on ${name}'s listings`} /> : null}
      </div>
    </PageShell>
  );
}
