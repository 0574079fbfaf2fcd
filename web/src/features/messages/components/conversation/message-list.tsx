/** The messages grouped by day, then the reader's own still on their way ("Sending…", or "Not sent" with a retry). */
import type { MessageView } from '@shared/answers/messages';
import type { Pending } from '../../hooks/use-send-queue';
import { dayLabel, groupByDay } from '../../lib/text';
import { LinkedText } from '@/components/linked-text';
import { formatTime } from '@/lib/format-date';
import { useReportAction } from '@/components/report/report-action';

export function MessageList({ messages, mine }: { messages: MessageView[]; mine: (m: MessageView) => boolean }) {
  return (
    <>
      {groupByDay(messages).map((g) => (
        <div key={g.day} className="space-y-2">
          <p className="text-center text-xs font-medium text-gray-500">{dayLabel(g.day)}</p>
          <ol className="space-y-2">
            {g.items.map((m) => (
              <li key={m.id} className={`flex flex-col ${mine(m) ? 'items-end' : 'items-start'}`} data-testid="message">
                <div className={`max-w-[85%] rounded-2xl px-3.5 py-2 whitespace-pre-wrap break-words sm:max-w-[70%] ${mine(m) ? 'bg-primary-700 text-white' : 'bg-gray-100 text-gray-900'}`}>
                  {m.hidden ? <em className={mine(m) ? 'text-primary-100' : 'text-gray-600'}>Hidden by an admin</em> : <LinkedText text={m.content} />}
                  <time dateTime={m.createdAt} className={`mt-1 block text-right text-[11px] ${mine(m) ? 'text-primary-100' : 'text-gray-600'}`}>
                    {formatTime(m.createdAt)}
                  </time>
                </div>
                {mine(m) || m.hidden ? null : <ReportMessage id={m.id} />}
              </li>
            ))}
          </ol>
        </div>
      ))}
    </>
  );
}

/** "Report" under a message the reader did not send; the dialog opens beside it. */
function ReportMessage({ id }: { id: string }) {
  const report = useReportAction({ type: 'message', id });
  return (
    <>
      <button type="button" onClick={report.action.onSelect} className="rounded px-2 py-1 text-xs text-gray-600 underline hover:text-gray-900">
        Report<span className="sr-only"> this message</span>
      </button>
      {report.dialog}
    </>
  );
}

export function PendingList({ pending, onRetry, onDiscard }: { pending: Pending[]; onRetry: (p: Pending) => void; onDiscard: (id: string) => void }) {
  if (!pending.length) return null;
  return (
    <ol className="space-y-2">
      {pending.map((p) => (
        <li key={p.id} className="flex flex-col items-end" data-testid="pending-message">
          <div className="max-w-[85%] rounded-2xl bg-primary-700/70 px-3.5 py-2 whitespace-pre-wrap break-words text-white sm:max-w-[70%]">{p.content}</div>
          {p.state === 'sending' ? (
            <span className="mt-1 text-xs text-gray-500">Sending…</span>
          ) : (
            <span className="mt-1 flex items-center gap-2 text-xs text-red-700" role="alert">
              Not sent{p.error ? `: ${p.error}` : ''}
              <button type="button" onClick={() => onRetry(p)} className="rounded px-2 py-1 font-semibold underline">
                Retry
              </button>
              <button type="button" onClick={() => onDiscard(p.id)} className="rounded px-2 py-1 text-gray-600 underline">
                Discard
              </button>
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
