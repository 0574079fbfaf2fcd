/** A member's or a page's swap record: completed swaps, the share of positive reviews, and the reviews shown. */
import { Link } from 'react-router';
import { useReportAction } from '@/components/report/report-action';
import { handleHref } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-store';
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

/** "Report" under a review, for registered members other than its writer; the dialog loads when opened. */
function ReportReview({ review, place }: { review: SwapRecord['reviews'][number]; place: string }) {
  const auth = useAuth();
  const report = useReportAction({ type: 'review', id: review.id });
  if (!report.allowed || (review.by && auth.user?.uuid === review.by)) return null;
  return (
    <>
      <button type="button" onClick={report.action.onSelect} className="text-sm text-gray-600 underline underline-offset-2 hover:text-gray-900">
        Report<span className="sr-only">{` review ${place}`}</span>
      </button>
      {report.dialog}
    </>
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
          {record.reviews.map((r, i) => (
            <li key={r.id} className="space-y-1 p-4">
              <p className="font-medium text-gray-900">
                <span aria-hidden="true">{'★'.repeat(r.rating)}{'☆'.repeat(5 - r.rating)}</span>
                <span className="sr-only">{`${r.rating} of 5 stars`}</span>
                <span className="ml-2 text-sm font-normal text-gray-700">{r.wasSafe ? 'Felt safe' : 'Did not feel safe'}</span>
              </p>
              {r.text ? <p className="break-words whitespace-pre-line text-gray-800">{r.text}</p> : null}
              <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm text-gray-600">
                <p>
                  by <Reviewer uuid={r.by} />
                </p>
                <ReportReview review={r} place={`${i + 1} of ${record.reviews.length}`} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
