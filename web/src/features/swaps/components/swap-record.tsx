/** A member's or a page's swap record: completed swaps, the share of positive reviews, and the reviews shown. */
import { Link } from 'react-router';
import { handleHref } from '@/config/paths';
import { useReviewer, type SwapRecord } from '../api/swaps';

/** The reviewer as a link to their profile (one cached call per reviewer), or "A former member". */
function Reviewer({ uuid }: { uuid: string | null }) {
  const profile = useReviewer(uuid);
  if (!uuid) return <>A former member</>;
  const p = profile.data;
  if (!p?.username) return <>A member</>;
  const name = [p.first_name, p.last_name].filter(Boolean).join(' ') || p.username;
  return (
    <Link to={handleHref(p.username)} className="font-medium text-primary-800 underline underline-offset-2">
      {name}
    </Link>
  );
}

export function summary(record: SwapRecord): string {
  const swaps = `${record.completed} ${record.completed === 1 ? 'swap' : 'swaps'} completed`;
  return record.positiveShare === null ? swaps : `${swaps} · ${Math.round(record.positiveShare * 100)}% positive`;
}

export function SwapRecordView({ record, name }: { record: SwapRecord; name: string }) {
  return (
    <section className="space-y-3" aria-labelledby="swap-record">
      <h2 id="swap-record" className="text-lg font-semibold text-gray-900">
        Swap record
      </h2>
      <p className="text-gray-800">{summary(record)}</p>
      {record.reviews.length === 0 ? (
        <p className="rounded-xl border border-dashed border-gray-300 bg-white p-5 text-gray-700">{`No reviews of ${name} yet. A review shows once both sides of a swap have written, or two weeks after the plant was received.`}</p>
      ) : (
        <ul className="divide-y divide-gray-100 rounded-xl border border-gray-200 bg-white shadow-sm" aria-label={`Reviews of ${name}`}>
          {record.reviews.map((r) => (
            <li key={`${r.swapId}-${r.by ?? 'gone'}`} className="space-y-1 p-4">
              <p className="font-medium text-gray-900">
                <span aria-hidden="true">{'★'.repeat(r.rating)}{'☆'.repeat(5 - r.rating)}</span>
                <span className="sr-only">{`${r.rating} of 5 stars`}</span>
                <span className="ml-2 text-sm font-normal text-gray-700">{r.wasSafe ? 'Felt safe' : 'Did not feel safe'}</span>
              </p>
              {r.text ? <p className="break-words whitespace-pre-line text-gray-800">{r.text}</p> : null}
              <p className="text-sm text-gray-600">
                by <Reviewer uuid={r.by} />
              </p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
