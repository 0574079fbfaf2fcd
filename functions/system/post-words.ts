/**
 * The stream dispatcher's job (stream-dispatch.ts) that keeps a post's words in the search index
 * (functions/db/items/search-index.ts `indexPostWords`): every insert or change of a post.
 */
import type { DynamoDBRecord } from 'aws-lambda';
import type { PostItem } from '../db/entities/post';
import { indexPostWords } from '../db/items/search-index';
import { db } from '../db/service';
import { newImageOf, type StreamJob } from './stream-records';

/** The post a stream record's new image holds; null for other records. */
function postOf(record: DynamoDBRecord): PostItem | null {
  const item = newImageOf(record);
  if (item?.__edb_e__ !== 'post') return null;
  const { data } = db().entities.post.parse({ Item: item });
  return data?.id ? (data as PostItem) : null;
}

export const postWordsJob: StreamJob<PostItem> = {
  workOf: postOf,
  run: async (post) => {
    await indexPostWords(post);
  },
  describe: (post) => ({ postId: post.id, version: post.version }),
  failure: 'indexing a post\'s words failed; the record will be retried',
};
