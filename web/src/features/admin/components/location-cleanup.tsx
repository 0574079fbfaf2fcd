/**
 * The event-location clean-ups (merge duplicates, remove orphans): each runs in bounded batches
 * until the walk is done, shows what it did so far, can be stopped between batches and resumed
 * where it stopped. Starting one is confirmed first: merges and removals are not undone.
 */
import { useCallback, useState } from 'react';
import { Dialog } from '@/components/dialog';
import { Button, FormAlert, Notice } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { cleanLocations, type LocationCleanupKind } from '../api/admin';
import { useBatchJob } from './batch-job';

const ZERO = { checked: 0, merged: 0, removed: 0, repointed: 0 };

const TEXT: Record<LocationCleanupKind, { title: string; about: string; confirm: string; action: string }> = {
  duplicates: {
    title: 'Merge duplicate locations',
    about: 'Locations with the same address, or the same name within 50 m, become one: their events and dates move to the one kept.',
    confirm: 'Duplicate locations are merged into one and their events and dates re-pointed. This cannot be undone.',
    action: 'Merge duplicates',
  },
  orphans: {
    title: 'Remove orphaned locations',
    about: 'Locations that no event or date uses any more are deleted.',
    confirm: 'Every location no event or date uses is deleted. This cannot be undone.',
    action: 'Remove orphans',
  },
};

export function LocationCleanup({ kind }: { kind: LocationCleanupKind }) {
  const text = TEXT[kind];
  const runBatch = useCallback(async (cursorId: string | undefined) => {
    const { cursorId: next, ...totals } = await cleanLocations(kind, cursorId);
    return { totals, cursorId: next };
  }, [kind]);
  const job = useBatchJob(`locations-${kind}`, ZERO, runBatch);
  const [confirming, setConfirming] = useState(false);
  const headingId = `cleanup-${kind}`;
  const busy = job.status === 'running' || job.status === 'stopping';
  const t = job.totals;

  return (
    <section aria-labelledby={headingId} className="space-y-3 rounded-xl border border-gray-200 bg-white p-5 shadow-sm">
      <h3 id={headingId} className="text-base font-semibold text-gray-900">
        {text.title}
      </h3>
      <p className="text-sm text-gray-600">{text.about}</p>
      <p className="text-sm text-gray-800" aria-live="polite" role="status">
        {job.status === 'idle'
          ? 'Not run yet in this browser.'
          : `${job.status === 'done' ? 'Done' : job.status === 'stopped' ? 'Stopped midway' : job.status === 'failed' ? 'Stopped by an error' : 'Working'}: ${t.checked} checked, ${t.merged} merged, ${t.removed} removed, ${t.repointed} events and dates moved.`}
      </p>
      <FormAlert message={job.status === 'failed' ? failureMessage(job.error) : null} title="A batch failed">
        <p className="mt-1 text-sm">Resume to go on from the last batch that finished.</p>
      </FormAlert>
      {job.status === 'done' ? (
        <Notice>
          <p>The walk is complete.</p>
        </Notice>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {busy ? (
          <Button variant="secondary" onClick={job.stop} disabled={job.status === 'stopping'}>
            {job.status === 'stopping' ? 'Stopping after this batch…' : 'Stop'}
          </Button>
        ) : (
          <>
            {job.saved ? <Button onClick={job.resume}>Resume</Button> : null}
            <Button variant={job.saved ? 'secondary' : 'primary'} onClick={() => setConfirming(true)}>
              {job.saved ? 'Start over' : text.action}
            </Button>
          </>
        )}
      </div>
      <Dialog open={confirming} onClose={() => setConfirming(false)} title={`${text.title}?`} description={<p>{text.confirm}</p>}>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              setConfirming(false);
              job.start();
            }}
          >
            {text.action}
          </Button>
        </div>
      </Dialog>
    </section>
  );
}
