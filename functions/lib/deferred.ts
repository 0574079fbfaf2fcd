/**
 * Where the sweeps of big deletions run. A deletion always marks its root (a post, an account) in
 * one transaction; what is left under it is removed by an idempotent sweep. In the cloud every
 * route Lambda has `SWEEPS=stream`: the request only marks, and the table's stream hands the
 * marked item to functions/system/sweep-deleted.ts (retried, with a dead-letter queue). The local
 * host and the tests leave it unset, so the request sweeps in-process as before.
 */
export function sweepsDeferred(): boolean {
  return process.env.SWEEPS === 'stream';
}
