/**
 * The moderation queue: open reports oldest first with the reported content in place, each with
 * dismiss, hide and suspend (a note, then a confirmation); closed ones newest first with who
 * acted, when, the action and the note.
 */
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Dialog } from '@/components/dialog';
import { Button, FormAlert, Notice } from '@/components/form/feedback';
import { TextArea } from '@/components/form/fields';
import { failureMessage } from '@/components/form/messages';
import { Loading } from '@/components/loading';
import { handleHref } from '@/config/paths';
import { formatDateTime } from '@/lib/format-date';
import { imageUrl } from '@/lib/images';
import { actOnReport, listReports, reportsQueryKey, type ReportAction, type ReportCaseView } from '../api/reports';
import { adminOverviewQueryKey } from '@/lib/reports';

type State = 'open' | 'closed';

const NOUNS: Record<ReportCaseView['target']['type'], string> = {
  post: 'Post', comment: 'Comment', plant: 'Plant listing', user: 'Member', page: 'Page', event: 'Event', message: 'Message', review: 'Swap review', contact: 'Contact form',
};

const ACTIONS: Record<ReportAction, { label: string; confirm: string; explain: string; variant: 'secondary' | 'danger' }> = {
  dismiss: { label: 'Dismiss', confirm: 'Dismiss this report?', explain: 'The content stays as it is. Every open report of it is closed.', variant: 'secondary' },
  'hide-content': { label: 'Hide', confirm: 'Hide this content?', explain: 'It leaves every list and page for everyone but its author (a page: its staff) and the admins, and its author is told.', variant: 'danger' },
  'suspend-user': { label: 'Suspend author', confirm: 'Suspend its author?', explain: 'They are signed out and cannot post, comment or message until an admin lifts it.', variant: 'danger' },
};

const DONE: Record<ReportAction, string> = { dismiss: 'Dismissed', 'hide-content': 'Hidden', 'suspend-user': 'Author suspended' };

function useReports(state: State) {
  return useInfiniteQuery({
    queryKey: reportsQueryKey(state),
    queryFn: ({ pageParam, signal }) => listReports(state, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursorId ?? undefined,
  });
}

export function ReportQueue() {
  const [state, setState] = useState<State>('open');
  return (
    <section aria-labelledby="reports-title" className="space-y-4 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <h2 id="reports-title" className="text-lg font-semibold text-gray-900">
        Reports
      </h2>
      <div role="tablist" aria-label="Reports" className="flex gap-2">
        {(['open', 'closed'] as const).map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            id={`reports-tab-${s}`}
            aria-selected={state === s}
            aria-controls="reports-panel"
            onClick={() => setState(s)}
            className={`min-h-11 rounded-md px-4 text-sm font-medium ${state === s ? 'bg-primary-700 text-white' : 'bg-gray-100 text-gray-800 hover:bg-gray-200'}`}
          >
            {s === 'open' ? 'Open' : 'Closed'}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="reports-panel" aria-labelledby={`reports-tab-${state}`}>
        <CaseList key={state} state={state} />
      </div>
    </section>
  );
}

function CaseList({ state }: { state: State }) {
  const q = useReports(state);
  const queryClient = useQueryClient();
  const [acting, setActing] = useState<{ c: ReportCaseView; action: ReportAction } | null>(null);
  const [note, setNote] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const act = useMutation({
    mutationFn: ({ c, action }: { c: ReportCaseView; action: ReportAction }) => actOnReport(c.id, action, note.trim()),
    onSuccess: (_closed, { action }) => {
      setDone(`${DONE[action]}.`);
      setActing(null);
      setNote('');
      void queryClient.invalidateQueries({ queryKey: ['admin', 'reports'] });
      void queryClient.invalidateQueries({ queryKey: adminOverviewQueryKey });
    },
  });
  const cases = q.data?.pages.flatMap((p) => p.reports) ?? [];

  if (q.isPending) return <Loading label="Loading reports…" />;
  if (q.isError)
    return (
      <FormAlert message={failureMessage(q.error)} title="Could not load the reports">
        <Button className="mt-3" variant="secondary" onClick={() => void q.refetch()}>
          Try again
        </Button>
      </FormAlert>
    );
  return (
    <div className="space-y-4">
      {done ? <Notice>{done}</Notice> : null}
      {cases.length === 0 ? <p className="text-sm text-gray-700">{state === 'open' ? 'No open reports. All clear.' : 'No closed reports yet.'}</p> : null}
      <ul className="space-y-4">
        {cases.map((c) => (
          <li key={c.id}>
            <CaseCard c={c} onAct={(action) => (act.reset(), setNote(''), setActing({ c, action }))} />
          </li>
        ))}
      </ul>
      {q.hasNextPage ? (
        <Button variant="secondary" onClick={() => void q.fetchNextPage()} pending={q.isFetchingNextPage} pendingLabel="Loading more…">
          Load more
        </Button>
      ) : null}
      <Dialog
        open={acting !== null}
        onClose={() => !act.isPending && setActing(null)}
        title={acting ? ACTIONS[acting.action].confirm : 'Act on this report?'}
        description={acting ? <p>{ACTIONS[acting.action].explain}</p> : null}
      >
        <form
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (acting) act.mutate(acting);
          }}
        >
          <TextArea label="Note" name="note" optional value={note} onValueChange={setNote} maxLength={1000} rows={2} hint="Kept with the closed report." />
          <FormAlert message={act.isError ? failureMessage(act.error) : null} title="That did not work" />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => setActing(null)} disabled={act.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant={acting ? ACTIONS[acting.action].variant : 'primary'} pending={act.isPending} pendingLabel="Saving…">
              {acting ? ACTIONS[acting.action].label : 'Confirm'}
            </Button>
          </div>
        </form>
      </Dialog>
    </div>
  );
}

function CaseCard({ c, onAct }: { c: ReportCaseView; onAct: (action: ReportAction) => void }) {
  const p = c.preview;
  const reasons = Object.entries(c.reasons).filter(([, n]) => n > 0).map(([r, n]) => `${r} ${n}`).join(', ');
  // Members are suspended rather than hidden; a contact message is only answered or dismissed.
  const hideable = c.target.type !== 'user' && c.target.type !== 'contact';
  return (
    <article aria-label={`${NOUNS[c.target.type]} report`} className="space-y-2 rounded-lg border border-gray-200 p-4">
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-gray-700">
        <span className="font-semibold text-gray-900">{NOUNS[c.target.type]}</span>
        {p.author ? (
          <span>
            {'by '}
            {p.author.handle ? <Link to={handleHref(p.author.handle)} className="text-primary-800 underline">{p.author.name}</Link> : p.author.name}
          </span>
        ) : null}
        {p.state !== 'live' ? <span className="rounded bg-gray-100 px-2 text-xs font-medium text-gray-800">{p.state === 'hidden' ? 'Hidden' : 'Deleted'}</span> : null}
      </p>
      <div className="flex gap-3">
        {p.photo ? <img src={imageUrl(p.photo)} alt="" className="size-20 shrink-0 rounded object-cover" loading="lazy" /> : null}
        <p className="min-w-0 text-sm break-words whitespace-pre-line text-gray-900">{p.text ?? <em className="text-gray-600">No text</em>}</p>
      </div>
      {p.photoUrls?.length ? (
        <ul className="flex flex-wrap gap-2" aria-label="The message's photos">
          {p.photoUrls.map((url, i) => (
            <li key={url}>
              <a href={url} target="_blank" rel="noopener noreferrer" className="block">
                <img src={url} alt={`Photo ${i + 1} of the reported message, opens full size`} className="size-20 rounded object-cover" loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {p.link || c.replyTo ? (
        <p className="flex flex-wrap gap-x-4 text-sm">
          {p.link ? (
            <Link to={p.link} className="text-primary-800 underline">
              Open it
            </Link>
          ) : null}
          {c.replyTo ? (
            <a href={`mailto:${c.replyTo}?subject=${encodeURIComponent(`Re: ${(p.text ?? '').split('\n')[0]}`)}`} className="text-primary-800 underline">
              Reply by e-mail
            </a>
          ) : null}
        </p>
      ) : null}
      <p className="text-sm text-gray-700">
        {`${c.reporterCount} ${c.reporterCount === 1 ? 'report' : 'reports'}${reasons ? ` (${reasons})` : ''} · first ${formatDateTime(c.openedAt)}`}
      </p>
      {c.texts.length ? (
        <ul className="space-y-1 border-l-2 border-gray-200 pl-3 text-sm text-gray-800">
          {c.texts.map((t) => (
            <li key={t.at}>{`“${t.text}”`}</li>
          ))}
        </ul>
      ) : null}
      {c.state === 'open' ? (
        <div className="flex flex-wrap gap-2 pt-1">
          <Button variant="secondary" onClick={() => onAct('dismiss')}>
            Dismiss
          </Button>
          {hideable ? (
            <Button variant="danger" onClick={() => onAct('hide-content')}>
              Hide
            </Button>
          ) : null}
          {c.target.type !== 'contact' ? (
            <Button variant="danger" onClick={() => onAct('suspend-user')}>
              Suspend author
            </Button>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-gray-700">
          {`${c.action ? DONE[c.action] : 'Closed'}${c.closedBy ? ` by ${c.closedBy.name}` : ''}${c.closedAt ? `, ${formatDateTime(c.closedAt)}` : ''}${c.note ? ` — “${c.note}”` : ''}`}
        </p>
      )}
    </article>
  );
}
