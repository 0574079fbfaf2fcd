/**
 * The stream dispatcher's job (stream-dispatch.ts) that matches plant listings against wanted
 * lists (functions/wanted/matching.ts): every insert or change of a post. Idempotent: a listing
 * alerts each entry once (its marker), and is read again only after it was unavailable.
 */
import type { DynamoDBRecord } from 'aws-lambda';
import type { PostItem } from '../db/entities/post';
import { db } from '../db/service';
import { matchListing } from '../wanted/matching';
import { newImageOf, type StreamJob } from './stream-records';

function plantOf(record: DynamoDBRecord): PostItem | null {
  const item = newImageOf(record);
  if (item?.__edb_e__ !== 'post' || item.kind !== 'plant') return null;
  const { data } = db().entities.post.parse({ Item: item });
  return data?.id ? (data as PostItem) : null;
}

export const wantedMatchJob: StreamJob<PostItem> = {
  workOf: plantOf,
  run: async (post) => {
    await matchListing(post);
  },
  describe: (post) => ({ postId: post.id, version: post.version }),
  failure: 'matching a listing against wanted lists failed; the record will be retried',
};
