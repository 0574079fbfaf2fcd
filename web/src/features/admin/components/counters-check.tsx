/**
 * The counters check: a scope's feed counters recounted from what they count, in batches with
 * progress (stoppable and resumable), then every counter with its stored and recounted value; a
 * drifted one can be repaired (confirmed first), which lands only while it still holds the value
 * the check saw.
 */
import { useMutation } from '@tanstack/react-query';
import { useCallback, useId, useState, type FormEvent } from 'react';
import { Dialog } from '@/components/dialog';
import { Button, FormAlert, Notice, SubmitButton } from '@/components/form/feedback';
import { SelectField, TextField } from '@/components/form/fields';
import { failureMessage } from '@/components/form/messages';
import type { RecountRow } from '@shared/answers/admin';
import { ownerOfHandle, recountCounters, repairCounter } from '../api/admin';
import { useBatchJob } from './batch-job';

type ScopeKind = 'global' | 'site' | 'user' | 'page' | 'tag';

const KINDS: { value: ScopeKind; label: string }[] = [
  { value: 'global', label: 'Posts and plants of the site' },
  { value: 'site', label: 'Members, pages and events' },
  { value: 'user', label: 'A member (username or id)' },
  { value: 'page', label: 'A page (handle or id)' },
  { value: 'tag', label: 'A tag (its name)' },
];

const ZERO = { read: 0 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const FIELD_NAMES: Record<RecountRow['field'], string> = {
  postsAll: 'posts', plantsAll: 'plants', plantsAvail: 'available plants', news: 'news', members: 'members', pages: 'pages', events: 'events',
};
const AUDIENCE_NAMES: Record<Exclude<RecountRow['audience'], 'all'>, string> = { public: 'guests', members: 'members', owner: 'the owner' };
const describe = (r: RecountRow) => (r.audience === 'all' ? `${FIELD_NAMES[r.field]} on the site` : `${FIELD_NAMES[r.field]} as ${AUDIENCE_NAMES[r.audience]} see them`);
/** The scopes checked as a whole: no member, page or tag to name. */
const whole = (kind: ScopeKind) => kind === 'global' || kind === 'site';

export function CountersCheck() {
  const [kind, setKind] = useState<ScopeKind>('global');
  const [target, setTarget] = useState('');
  const [targetError, setTargetError] = useState<string | undefined>();
  const [repairing, setRepairing] = useState<RecountRow | null>(null);
  const [repaired, setRepaired] = useState<Record<string, 'repaired' | 'changed' | 'unchanged'>>({});
  const headingId = useId();

  const runBatch = useCallback(async (cursorId: string | undefined, scope: string | undefined) => {
    const res = await recountCounters(scope ?? 'global', cursorId);
    return { totals: { read: res.read }, cumulative: true, cursorId: res.cursorId, ...(res.rows ? { result: res.rows } : {}) };
  }, []);
  const job = useBatchJob<{ read: number }, RecountRow[]>('counters-check', ZERO, runBatch);
  const busy = job.status === 'running' || job.status === 'stopping';
  const scopeOfResult = job.result?.subject ?? 'global';

  const repair = useMutation({
    mutationFn: (r: RecountRow) => repairCounter({ scope: scopeOfResult, audience: r.audience, field: r.field, stored: r.stored, recounted: r.recounted }),
    onSuccess: (out, r) => {
      setRepaired((m) => ({ ...m, [r.counter]: out.outcome }));
      setRepairing(null);
    },
  });

  const [resolving, setResolving] = useState(false);
  /** The id a member's or page's field names: an id as it is, a handle (as in a profile's address) looked up. */
  const idOf = async (value: string, of: 'user' | 'page'): Promise<string | null> => {
    if (UUID.test(value)) return value;
    const handle = value.replace(/^@/, '');
    const noun = of === 'user' ? 'member' : 'page';
    try {
      const { messagee } = await ownerOfHandle(handle);
      if (messagee.type === of) return messagee.id;
      setTargetError(`@${handle} is a ${messagee.type === 'user' ? 'member' : 'page'}, not a ${noun}`);
    } catch (err) {
      setTargetError((err as { status?: number }).status === 404 ? `No ${noun} has the handle @${handle}` : failureMessage(err));
    }
    return null;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = target.trim();
    if (!whole(kind) && !value) return setTargetError(kind === 'tag' ? 'Enter a tag name' : kind === 'user' ? 'Enter a username or an id' : 'Enter a handle or an id');
    let subject = value;
    if (kind === 'user' || kind === 'page') {
      setResolving(true);
      const id = await idOf(value, kind).finally(() => setResolving(false));
      if (!id) return;
      subject = id;
    }
    setTargetError(undefined);
    setRepaired({});
    job.start(whole(kind) ? kind : `${kind}#${subject}`);
  };

  const rows = job.result?.value ?? [];
  const drift = rows.filter((r) => r.stored !== r.recounted);

  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <h2 id={headingId} className="text-lg font-semibold text-gray-900">
        Counters check
      </h2>
      <p className="text-sm text-gray-600">
        Recounts the post, plant, available-plant and news counts of the site, a member, a page or a tag from the posts themselves, or the site&apos;s
        members, pages and events from their lists, and shows any that drifted. Nothing changes until you repair a counter.
      </p>
      <form onSubmit={(e) => void submit(e)} className="grid gap-3 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto] sm:items-end" noValidate>
        <SelectField label="What to check" name="kind" value={kind} onValueChange={(v) => setKind(v as ScopeKind)} options={KINDS} disabled={busy} />
        {whole(kind) ? (
          <span className="hidden sm:block" />
        ) : (
          <TextField
            label={kind === 'tag' ? 'Tag name' : kind === 'user' ? 'Username or id' : 'Handle or id'}
            name="target"
            value={target}
            onValueChange={setTarget}
            error={targetError}
            disabled={busy}
            autoComplete="off"
          />
        )}
        <SubmitButton pending={busy || resolving} pendingLabel={resolving ? 'Finding…' : 'Checking…'}>
          Check
        </SubmitButton>
      </form>
      <p className="text-sm text-gray-800" role="status" aria-live="polite">
        {job.status === 'idle'
          ? ''
          : job.status === 'done'
            ? `Checked ${job.result?.subject ?? ''}: ${job.totals.read} items read.`
            : `${job.status === 'stopped' ? 'Stopped midway' : job.status === 'failed' ? 'Stopped by an error' : 'Working'}${job.saved?.subject ? ` on ${job.saved.subject}` : ''}: ${job.totals.read} items read.`}
      </p>
      <FormAlert message={job.status === 'failed' ? failureMessage(job.error) : null} title="A batch failed" />
      <div className="flex flex-wrap gap-3">
        {busy ? (
          <Button variant="secondary" onClick={job.stop} disabled={job.status === 'stopping'}>
            {job.status === 'stopping' ? 'Stopping after this batch…' : 'Stop'}
          </Button>
        ) : job.saved ? (
          <>
            <Button onClick={job.resume}>Resume</Button>
            <Button variant="secondary" onClick={job.forget}>
              Forget it
            </Button>
          </>
        ) : null}
      </div>
      {job.status === 'done' && drift.length === 0 ? (
        <Notice>
          <p>Every counter matches what it counts.</p>
        </Notice>
      ) : null}
      {job.status === 'done' && rows.length > 0 ? (
        <table className="w-full border-collapse text-left text-sm">
          <caption className="sr-only">Counters of {job.result?.subject}</caption>
          <thead className="border-b border-gray-200 text-gray-700">
            <tr>
              <th scope="col" className="py-2 pr-3">Counter</th>
              <th scope="col" className="py-2 pr-3 text-right">Stored</th>
              <th scope="col" className="py-2 pr-3 text-right">Recounted</th>
              <th scope="col" className="py-2"><span className="sr-only">Repair</span></th>
            </tr>
          </thead>
          <tbody className="divide-y divide-gray-100">
            {rows.map((r) => {
              const drifted = r.stored !== r.recounted;
              const outcome = repaired[r.counter];
              return (
                <tr key={r.counter} className={drifted && outcome !== 'repaired' ? 'bg-amber-50' : undefined}>
                  <th scope="row" className="py-2 pr-3 font-normal text-gray-900">
                    {describe(r)}
                    {drifted ? <span className="ml-2 font-medium text-amber-800">drifted</span> : null}
                  </th>
                  <td className="py-2 pr-3 text-right tabular-nums">{r.stored}</td>
                  <td className="py-2 pr-3 text-right tabular-nums">{r.recounted}</td>
                  <td className="py-2 text-right">
                    {outcome === 'repaired' ? (
                      <span className="text-green-800">Repaired</span>
                    ) : outcome === 'changed' ? (
                      <span className="text-amber-800">Changed meanwhile: check again</span>
                    ) : drifted ? (
                      <Button variant="secondary" onClick={() => setRepairing(r)} aria-label={`Repair ${describe(r)}`}>
                        Repair
                      </Button>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : null}
      <Dialog
        open={repairing !== null}
        onClose={() => !repair.isPending && setRepairing(null)}
        title="Repair this counter?"
        description={
          repairing ? (
            <p>
              {`The count of ${describe(repairing)} becomes ${repairing.recounted} (it holds ${repairing.stored}). If it changed since the check, nothing is written.`}
            </p>
          ) : null
        }
      >
        <FormAlert message={repair.isError ? failureMessage(repair.error) : null} title="Could not repair the counter" />
        <div className="mt-4 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setRepairing(null)} disabled={repair.isPending}>
            Cancel
          </Button>
          <Button onClick={() => repairing && repair.mutate(repairing)} pending={repair.isPending} pendingLabel="Repairing…">
            Repair
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
