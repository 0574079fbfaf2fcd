/**
 * The cloud's remover of deleted tags (functions/cascades/tag-deletion.ts). An admin's deletion marks the
 * tag and writes a job item in one transaction and, with `SWEEPS=stream`, stops there. The stream
 * dispatcher (stream-dispatch.ts) hands each insert or change of a job item to this job, which
 * runs it from the first item left; a run short of time saves `runs` on the job item, a change the
 * stream records, so the next run goes on. The run that finishes deletes the tag and the job item.
 */
import type { DynamoDBRecord } from 'aws-lambda';
import type { TagDeleteJobItem } from '../db/entities/tag-delete-job';
import { db } from '../db/service';
import { logger } from '../lib/logger';
import { runTagDeletion, saveProgress } from '../cascades/tag-deletion';
import { newImageOf, type StreamJob } from './stream-records';

function jobOf(record: DynamoDBRecord): TagDeleteJobItem | null {
  const item = newImageOf(record);
  if (item?.__edb_e__ !== 'tagDeleteJob') return null;
  const { data } = db().entities.tagDeleteJob.parse({ Item: item });
  return data?.name && data.token ? (data as TagDeleteJobItem) : null;
}

async function run(job: TagDeleteJobItem, shouldStop: () => boolean): Promise<void> {
  if (await runTagDeletion(job.name, job.token, { shouldStop })) {
    logger.info('deleted a tag', { tag: job.name, runs: job.runs + 1 });
    return;
  }
  await saveProgress(job);
  logger.info('deleting a tag continues in the next run', { tag: job.name });
}

export function tagDeleteJob(shortOfTime: () => boolean): StreamJob<TagDeleteJobItem> {
  return {
    workOf: jobOf,
    run: (job) => run(job, shortOfTime),
    describe: (job) => ({ tag: job.name }),
    failure: 'deleting a tag failed; the record will be retried',
  };
}
