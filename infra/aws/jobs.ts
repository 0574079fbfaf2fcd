/**
 * The scheduled jobs: handlers under functions/ that no route calls, run by an EventBridge rule.
 * Plain data shared by the bundler (one bundle per job, `<outDir>/job-<name>/index.mjs`) and the
 * stack (infra/aws/scheduled-jobs.ts: the job's Lambda, log group, role and rule). A job's access
 * is spelled out action by action: it gets exactly this, never a route grant.
 */
import { TABLE } from '../../functions/db/table';

export interface JobAccess {
  /** Indexes of the table the job may Query (never the table itself, never Scan). */
  queryIndexes: readonly string[];
  /** DeleteItem on the table's items. */
  deleteItems: boolean;
  /** Key patterns in the images bucket the job may delete (`images/...`). */
  deleteImages: readonly string[];
}

export interface JobDef {
  /** Kebab case; names the bundle folder, the log group and the construct ids. */
  name: string;
  /** Module under functions/ (without extension) exporting `handler(event, context)`. */
  handler: string;
  description: string;
  everyMinutes: number;
  memoryMb: number;
  /** At most 900 (Lambda's limit); the handler stops a minute early and leaves the rest for the next run. */
  timeoutSeconds: number;
  access: JobAccess;
}

export const JOBS = [
  {
    name: 'sweep-uploads',
    handler: 'images/sweep-uploads',
    description: 'Removes post photo uploads that no post used within a day: the object, then its pending record',
    everyMinutes: 60,
    memoryMb: 256,
    timeoutSeconds: 300,
    access: { queryIndexes: ['gsi2'], deleteItems: true, deleteImages: ['images/posts/*'] },
  },
] as const satisfies readonly JobDef[];

/** `sweep-uploads` → `job-sweep-uploads`: route folders start with their method, so they never collide. */
export function jobFolder(name: string): string {
  return `job-${name}`;
}

/** Refuses a job whose access names an index the table does not have or a key outside images/. */
export function checkJob(job: JobDef): JobDef {
  const indexes = new Set<string>(TABLE.globalIndexes.map((gsi) => gsi.name));
  for (const index of job.access.queryIndexes) {
    if (!indexes.has(index)) throw new Error(`job ${job.name}: the table has no index "${index}"`);
  }
  for (const pattern of job.access.deleteImages) {
    if (!pattern.startsWith('images/')) throw new Error(`job ${job.name}: "${pattern}" is not under images/`);
  }
  if (!/^[a-z][a-z0-9-]*$/.test(job.name)) throw new Error(`job name "${job.name}" must be kebab case`);
  if (job.timeoutSeconds < 1 || job.timeoutSeconds > 900) throw new Error(`job ${job.name}: timeoutSeconds must be 1 to 900`);
  return job;
}
