/**
 * A post or plant post (P1) under `post#<id>`, where the id is the client-generated UUID of the
 * creating call. Visibility decides which sparse indexes hold the item (P2, P3): each index has a
 * `condition`, so a post is written only into the lists its privacy, kind, availability and owner
 * type allow, and a deleted post (marked `deletedAt`), or one an admin hid (`hiddenAt`), is in none. Every list sorts by
 * `<updatedAt>#<id>`, so an edit that sets a new `updatedAt` moves the post to the front of all
 * of them in the same write.
 *
 * The item is always written whole (put, guarded on `version`); reaction and comment counts are
 * changed by `ADD` (functions/posts/post-item.ts `postCountItem`), which also bumps `version`, so
 * an edit that read an older count retries instead of overwriting it.
 */
import { Entity, type EntityItem } from 'electrodb';
import { SERVICE } from '../service-name';

interface Visibility {
  kind?: string;
  privacy?: string;
  available?: boolean;
  ownerType?: string;
  deletedAt?: string;
  hiddenAt?: string;
  geohash?: string;
}

/** Neither deleted nor hidden by an admin (a hidden post is in no list, as a deleted one). */
const live = (a: Visibility) => !a.deletedAt && !a.hiddenAt;
const isPublic = (a: Visibility) => live(a) && a.privacy === 'public';
const isMembers = (a: Visibility) => live(a) && (a.privacy === 'public' || a.privacy === 'members');
const availablePlant = (a: Visibility) => a.kind === 'plant' && a.available === true;
const news = (a: Visibility) => a.kind === 'post' && a.ownerType === 'page';
const nearby = (a: Visibility) => isMembers(a) && availablePlant(a) && !!a.geohash;

const byTime = (field: string) => ({ field, composite: ['updatedAt', 'id'] as string[], template: '${updatedAt}#${id}', casing: 'none' as const });
const byGeohash = (field: string) => ({ field, composite: ['geohash'] as string[], template: '${geohash}', casing: 'none' as const });

/** A geohash prefix kept in step with `geohash` (the geo indexes partition by it). */
const cell = (precision: number) => ({
  type: 'string' as const,
  hidden: true,
  watch: ['geohash'] as const,
  set: (_: unknown, item: { geohash?: string }) => item.geohash?.slice(0, precision),
});

export const Post = () => new Entity({
  model: { entity: 'post', version: '1', service: SERVICE },
  attributes: {
    id: { type: 'string', required: true, readOnly: true },
    kind: { type: ['post', 'plant'] as const, required: true, readOnly: true },
    ownerType: { type: ['user', 'page'] as const, required: true, readOnly: true },
    ownerId: { type: 'string', required: true, readOnly: true },
    /** The user who wrote it (the owner itself, or a member acting for a page). */
    authorId: { type: 'string', required: true, readOnly: true },
    privacy: { type: ['public', 'members', 'private'] as const, required: true },
    text: { type: 'string', required: true, default: '' },
    tags: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    /**
     * Object keys (and descriptions) only; URLs are made by the reader. `small`: the photo's small
     * rendition is stored under `smallPhotoKey(key)`; `width` and `height`: the original's pixels as
     * the uploading browser measured them (a layout hint).
     */
    photos: {
      type: 'list',
      required: true,
      default: () => [],
      items: {
        type: 'map',
        properties: {
          key: { type: 'string', required: true },
          description: { type: 'string' },
          small: { type: 'boolean' },
          width: { type: 'number' },
          height: { type: 'number' },
        },
      },
    },
    /** Plant posts: the plant's details (names, care notes, size, price, swap terms, availability). */
    plant: { type: 'any' },
    available: { type: 'boolean', required: true, default: false },
    /** The owner's position when the plant was listed (nearby plants, P8). */
    latitude: { type: 'number' },
    longitude: { type: 'number' },
    geohash: { type: 'string' },
    geoCell5: cell(5),
    geoCell4: cell(4),
    geoCell3: cell(3),
    reactionCount: { type: 'number', required: true, default: 0 },
    commentCount: { type: 'number', required: true, default: 0 },
    /** Bumped by every write, counts included: a whole-item put is guarded on it. */
    version: { type: 'number', required: true, default: 0 },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
    deletedAt: { type: 'string' },
    /** Taken down by an admin acting on a report: in no list, read by admins only (`hiddenBy`: who). */
    hiddenAt: { type: 'string' },
    hiddenBy: { type: 'string' },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['id'], template: 'post#${id}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'post', casing: 'none' },
    },
    feedPublic: {
      index: 'feedPublic',
      condition: isPublic,
      pk: { field: 'pubpk', composite: ['kind'], template: 'feed#${kind}', casing: 'none' },
      sk: byTime('pubsk'),
    },
    feedMembers: {
      index: 'feedMembers',
      condition: isMembers,
      pk: { field: 'mempk', composite: ['kind'], template: 'feed#${kind}', casing: 'none' },
      sk: byTime('memsk'),
    },
    availPublic: {
      index: 'availPublic',
      condition: (a: Visibility) => isPublic(a) && availablePlant(a),
      pk: { field: 'apubpk', composite: [], template: 'feed#plantsAvail', casing: 'none' },
      sk: byTime('apubsk'),
    },
    availMembers: {
      index: 'availMembers',
      condition: (a: Visibility) => isMembers(a) && availablePlant(a),
      pk: { field: 'amempk', composite: [], template: 'feed#plantsAvail', casing: 'none' },
      sk: byTime('amemsk'),
    },
    newsPublic: {
      index: 'newsPublic',
      condition: (a: Visibility) => isPublic(a) && news(a),
      pk: { field: 'npubpk', composite: [], template: 'feed#news', casing: 'none' },
      sk: byTime('npubsk'),
    },
    newsMembers: {
      index: 'newsMembers',
      condition: (a: Visibility) => isMembers(a) && news(a),
      pk: { field: 'nmempk', composite: [], template: 'feed#news', casing: 'none' },
      sk: byTime('nmemsk'),
    },
    /**
     * The owner's own view: everything, private included, and what an admin hid (readers leave it
     * out, functions/feeds/list-page.ts): the owner's deletion, a member's account or a page, finds
     * it here and takes it with the rest.
     */
    ownerAll: {
      index: 'gsi1',
      condition: (a: Visibility) => !a.deletedAt,
      pk: { field: 'gsi1pk', composite: ['ownerType', 'ownerId', 'kind'], template: 'owner#${ownerType}#${ownerId}#${kind}', casing: 'none' },
      sk: byTime('gsi1sk'),
    },
    ownerMembers: {
      index: 'gsi2',
      condition: isMembers,
      pk: { field: 'gsi2pk', composite: ['ownerType', 'ownerId', 'kind'], template: 'ownerm#${ownerType}#${ownerId}#${kind}', casing: 'none' },
      sk: byTime('gsi2sk'),
    },
    ownerPublic: {
      index: 'gsi3',
      condition: isPublic,
      pk: { field: 'gsi3pk', composite: ['ownerType', 'ownerId', 'kind'], template: 'ownerp#${ownerType}#${ownerId}#${kind}', casing: 'none' },
      sk: byTime('gsi3sk'),
    },
    ownerAvail: {
      index: 'ownerAvail',
      condition: (a: Visibility) => live(a) && availablePlant(a),
      pk: { field: 'oavpk', composite: ['ownerType', 'ownerId'], template: 'owneravail#${ownerType}#${ownerId}', casing: 'none' },
      sk: byTime('oavsk'),
    },
    ownerAvailMembers: {
      index: 'ownerAvailMembers',
      condition: (a: Visibility) => isMembers(a) && availablePlant(a),
      pk: { field: 'oavmpk', composite: ['ownerType', 'ownerId'], template: 'owneravail#${ownerType}#${ownerId}', casing: 'none' },
      sk: byTime('oavmsk'),
    },
    ownerAvailPublic: {
      index: 'ownerAvailPublic',
      condition: (a: Visibility) => isPublic(a) && availablePlant(a),
      pk: { field: 'oavppk', composite: ['ownerType', 'ownerId'], template: 'owneravail#${ownerType}#${ownerId}', casing: 'none' },
      sk: byTime('oavpsk'),
    },
    /** Available plants near a point (P8): public and members-only ones, readers drop what they may not see. */
    nearby5: { index: 'geo5', condition: nearby, pk: { field: 'geo5pk', composite: ['geoCell5'], template: 'plant#${geoCell5}', casing: 'none' }, sk: byGeohash('geo5sk') },
    nearby4: { index: 'geo4', condition: nearby, pk: { field: 'geo4pk', composite: ['geoCell4'], template: 'plant#${geoCell4}', casing: 'none' }, sk: byGeohash('geo4sk') },
    nearby3: { index: 'geo3', condition: nearby, pk: { field: 'geo3pk', composite: ['geoCell3'], template: 'plant#${geoCell3}', casing: 'none' }, sk: byGeohash('geo3sk') },
  },
});

export type PostItem = EntityItem<ReturnType<typeof Post>>;

/**
 * Keys spelled out for what ElectroDB does not write or read itself (count `ADD`s, condition
 * checks, BatchGets across entities, sweeps): the templates above, held to them by content-keys.test.ts.
 */
export const postPk = (id: string): string => `post#${id}`;
export const postKey = (id: string): { pk: string; sk: string } => ({ pk: postPk(id), sk: 'post' });

/** The position of a post in every list (`byTime` above), the bound a list is paged by. */
export interface ListPosition {
  updatedAt: string;
  id: string;
}

/** A post's sort key in its lists: `<updatedAt>#<id>`. */
export const listSortKey = (p: ListPosition): string => `${p.updatedAt}#${p.id}`;

const LIST_SORT_KEY = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)#([0-9a-f-]{36})$/;

/** The position a list sort key names; null when the text is not one. */
export function parseListSortKey(text: string): ListPosition | null {
  const m = LIST_SORT_KEY.exec(text);
  return m ? { updatedAt: m[1]!, id: m[2]! } : null;
}

/**
 * A post in a tag's list (P4): one link item per tag and audience, rewritten in the post's own
 * transaction (a new `updatedAt` is a new sort key). It carries the post's id and owner, so a
 * page of a tag is one Query and one BatchGet of the posts and their owners.
 */
export const TagLink = () => new Entity({
  model: { entity: 'tagLink', version: '1', service: SERVICE },
  attributes: {
    tag: { type: 'string', required: true, readOnly: true },
    audience: { type: ['public', 'members'] as const, required: true, readOnly: true },
    updatedAt: { type: 'string', required: true, readOnly: true },
    id: { type: 'string', required: true, readOnly: true },
    kind: { type: ['post', 'plant'] as const, required: true, readOnly: true },
    ownerId: { type: 'string', required: true, readOnly: true },
    /** Absent on links written before pages existed: those owners are users. */
    ownerType: { type: ['user', 'page'] as const, readOnly: true },
  },
  indexes: {
    byTag: {
      pk: { field: 'pk', composite: ['tag', 'audience'], template: 'taglink#${tag}#${audience}', casing: 'none' },
      sk: { field: 'sk', composite: ['updatedAt', 'id'], template: '${updatedAt}#${id}', casing: 'none' },
    },
  },
});

export type TagLinkItem = EntityItem<ReturnType<typeof TagLink>>;
