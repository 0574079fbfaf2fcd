/**
 * A job the server runs in bounded batches, each answering a cursor to go on from (the location
 * clean-ups, the counters check): this runs batch after batch until the cursor is null, adds up
 * each batch's totals, can be stopped between batches, and remembers in localStorage where it
 * stopped (a closed tab, a failed batch), so the job is resumed rather than started over.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage-keys';

export interface Batch<T extends Record<string, number>, R = never> {
  /** What this batch did (added to the run's totals), or, with `cumulative`, what the run did so far. */
  totals: T;
  cumulative?: boolean;
  cursorId: string | null;
  /** What the last batch answers about the whole job (the counters check's rows). */
  result?: R;
}

export interface SavedJob<T> {
  cursorId: string;
  totals: T;
  /** What the job was started with (the counters check's scope). */
  subject?: string;
}

function savedJobs(): Record<string, SavedJob<Record<string, number>>> {
  try {
    const parsed: unknown = JSON.parse(readStorage(STORAGE_KEYS.adminJobs) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, SavedJob<Record<string, number>>>) : {};
  } catch {
    return {};
  }
}

function saveJob(id: string, job: SavedJob<Record<string, number>> | null): void {
  const all = savedJobs();
  if (job) all[id] = job;
  else delete all[id];
  writeStorage(STORAGE_KEYS.adminJobs, JSON.stringify(all));
}

export type JobStatus = 'idle' | 'running' | 'stopping' | 'stopped' | 'failed' | 'done';

export function useBatchJob<T extends Record<string, number>, R = never>(
  id: string,
  zero: T,
  runBatch: (cursorId: string | undefined, subject: string | undefined) => Promise<Batch<T, R>>,
) {
  const [saved, setSaved] = useState<SavedJob<T> | null>(() => (savedJobs()[id] as SavedJob<T> | undefined) ?? null);
  const [status, setStatus] = useState<JobStatus>(saved ? 'stopped' : 'idle');
  const [totals, setTotals] = useState<T>(saved?.totals ?? zero);
  const [batches, setBatches] = useState(0);
  const [error, setError] = useState<unknown>(null);
  const [result, setResult] = useState<{ subject: string | undefined; value: R } | null>(null);
  const stop = useRef(false);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
      stop.current = true;
    },
    [],
  );

  const run = useCallback(
    async (resume: boolean, subject?: string) => {
      const from = resume ? saved : null;
      let cursorId = from?.cursorId;
      let sum: T = from ? { ...from.totals } : { ...zero };
      const what = from?.subject ?? subject;
      stop.current = false;
      setError(null);
      setTotals(sum);
      setBatches(0);
      setResult(null);
      setStatus('running');
      for (let n = 1; ; n++) {
        let batch: Batch<T, R>;
        try {
          batch = await runBatch(cursorId, what);
        } catch (err) {
          if (!alive.current) return;
          setError(err);
          setStatus('failed');
          return;
        }
        sum = batch.cumulative ? { ...batch.totals } : (Object.fromEntries(Object.entries(sum).map(([k, v]) => [k, v + (batch.totals[k] ?? 0)])) as T);
        if (!alive.current) return;
        setTotals(sum);
        setBatches(n);
        if (!batch.cursorId) {
          saveJob(id, null);
          setSaved(null);
          if (batch.result !== undefined) setResult({ subject: what, value: batch.result });
          setStatus('done');
          return;
        }
        cursorId = batch.cursorId;
        const next: SavedJob<T> = { cursorId, totals: sum, ...(what ? { subject: what } : {}) };
        saveJob(id, next);
        setSaved(next);
        if (stop.current) {
          setStatus('stopped');
          return;
        }
      }
    },
    [id, runBatch, saved, zero],
  );

  const forget = useCallback(() => {
    saveJob(id, null);
    setSaved(null);
    setTotals(zero);
    setStatus('idle');
  }, [id, zero]);

  return {
    status,
    totals,
    batches,
    error,
    /** The finished job's answer, with what it was started with. */
    result,
    /** Where an unfinished run stopped: resume goes on from it. */
    saved,
    start: (subject?: string) => void run(false, subject),
    resume: () => void run(true),
    stop: () => {
      stop.current = true;
      setStatus('stopping');
    },
    forget,
  };
}
