/**
 * The one DynamoDB table, as plain data: the CDK stack and the local host both create the table
 * from this, so there is exactly one definition. Every key attribute is a string.
 * Why each index exists is in docs/data-model.md.
 */

export interface IndexDefinition {
  /** The GSI's name, as ElectroDB entities name it in `index`. */
  name: string;
  partitionKey: string;
  sortKey: string;
  /** What the index is for (documentation only). */
  purpose: string;
}

export const TABLE = {
  /** The table's role; the real name comes from the TABLE_NAME environment variable. */
  role: 'main',
  partitionKey: 'pk',
  sortKey: 'sk',
  /** Epoch seconds after which DynamoDB may delete the item; code treats expired items as absent. */
  ttlAttribute: 'expiresAt',
  globalIndexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk', purpose: 'owner lists: a user\'s or page\'s posts, plants, pages, events; users by registration state; inboxes' },
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk', purpose: 'secondary lists: an owner\'s members-visible posts, events by next date, sparse "users without a location", pending uploads by expiry, every conversation of a participant' },
    { name: 'gsi3', partitionKey: 'gsi3pk', sortKey: 'gsi3sk', purpose: 'lookups by a second key: a member\'s open sockets, search tokens' },
    { name: 'feedPublic', partitionKey: 'pubpk', sortKey: 'pubsk', purpose: 'sparse: only public items, for guests\' feeds and lists' },
    { name: 'feedMembers', partitionKey: 'mempk', sortKey: 'memsk', purpose: 'sparse: public and members-only items, for signed-in readers' },
    { name: 'availPublic', partitionKey: 'apubpk', sortKey: 'apubsk', purpose: 'sparse: public available plants, newest first (recent available plants for guests)' },
    { name: 'availMembers', partitionKey: 'amempk', sortKey: 'amemsk', purpose: 'sparse: public and members-only available plants (for signed-in readers)' },
    { name: 'newsPublic', partitionKey: 'npubpk', sortKey: 'npubsk', purpose: 'sparse: public posts published by pages (news), newest first' },
    { name: 'newsMembers', partitionKey: 'nmempk', sortKey: 'nmemsk', purpose: 'sparse: public and members-only posts published by pages' },
    { name: 'ownerAvail', partitionKey: 'oavpk', sortKey: 'oavsk', purpose: 'sparse: an owner\'s available plants, private ones included (the owner\'s own view)' },
    { name: 'ownerAvailMembers', partitionKey: 'oavmpk', sortKey: 'oavmsk', purpose: 'sparse: an owner\'s public and members-only available plants' },
    { name: 'ownerAvailPublic', partitionKey: 'oavppk', sortKey: 'oavpsk', purpose: 'sparse: an owner\'s public available plants' },
    { name: 'geo5', partitionKey: 'geo5pk', sortKey: 'geo5sk', purpose: 'nearby, small radii: <kind>#<geohash[0..5]> → full geohash' },
    { name: 'geo4', partitionKey: 'geo4pk', sortKey: 'geo4sk', purpose: 'nearby, medium radii: <kind>#<geohash[0..4]> → full geohash' },
    { name: 'geo3', partitionKey: 'geo3pk', sortKey: 'geo3sk', purpose: 'nearby, large radii: <kind>#<geohash[0..3]> → full geohash' },
  ] satisfies IndexDefinition[],
} as const;

export type TableDefinition = typeof TABLE;

/** Every key attribute of the table and its indexes (all of type S). */
export function keyAttributes(def: TableDefinition = TABLE): string[] {
  const names = new Set<string>([def.partitionKey, def.sortKey]);
  for (const gsi of def.globalIndexes) {
    names.add(gsi.partitionKey);
    names.add(gsi.sortKey);
  }
  return [...names];
}
