/**
 * User: the account (e-mail, password hash, role, state) and the public profile. Indexes:
 * by registration state newest first (U4), sparse "registered without a location" (U6), the
 * geo indexes for nearby users (U5, only when a location is known and the user opts in), and the
 * sparse public directory (U10: registered, listed, not suspended).
 */
import { Entity, type EntityItem } from 'electrodb';
import { SERVICE } from '../service-name';

const geoCondition = (attr: { geohash?: string; nearbyVisible?: boolean; deletedAt?: string }) =>
  !!attr.geohash && attr.nearbyVisible !== false && !attr.deletedAt;

/** A geohash prefix kept in step with `geohash` (the geo indexes partition by it). */
const cell = (precision: number) => ({
  type: 'string' as const,
  hidden: true,
  watch: ['geohash'] as const,
  set: (_: unknown, item: { geohash?: string }) => item.geohash?.slice(0, precision),
});

export const User = () => new Entity({
  model: { entity: 'user', version: '1', service: SERVICE },
  attributes: {
    uuid: { type: 'string', required: true, readOnly: true },
    email: { type: 'string', required: true },
    passwordHash: { type: 'string', required: true },
    role: { type: ['user', 'admin'] as const, required: true, default: 'user' },
    emailVerified: { type: 'boolean', required: true, default: false },
    regState: { type: ['incomplete', 'complete'] as const, required: true, default: 'incomplete' },
    suspended: { type: 'boolean', required: true, default: false },
    username: { type: 'string' },
    firstName: { type: 'string' },
    lastName: { type: 'string' },
    bio: { type: 'string' },
    motivations: { type: 'list', items: { type: 'string' } },
    avatar: { type: 'string' },
    suburbCity: { type: 'string' },
    state: { type: 'string' },
    country: { type: 'string' },
    latitude: { type: 'number' },
    longitude: { type: 'number' },
    /** 9-character geohash of the location; the geo indexes key on its prefixes. */
    geohash: { type: 'string' },
    geoCell5: cell(5),
    geoCell4: cell(4),
    geoCell3: cell(3),
    nearbyVisible: { type: 'boolean', default: true },
    /** Listed in the public directory (GET /api/users); mirrors the show_in_directory setting. */
    directoryVisible: { type: 'boolean', default: true },
    phone: { type: 'string' },
    phoneVerified: { type: 'boolean', required: true, default: false },
    invitedBy: { type: 'string' },
    createdAt: { type: 'string', required: true, readOnly: true, default: () => new Date().toISOString() },
    updatedAt: { type: 'string', required: true, default: () => new Date().toISOString(), watch: '*', set: () => new Date().toISOString() },
    /** Set when the account is deleted; readers treat the user as gone and a sweep removes the rest. */
    deletedAt: { type: 'string' },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['uuid'], template: 'user#${uuid}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'profile', casing: 'none' },
    },
    byRegState: {
      index: 'gsi1',
      condition: (attr: { deletedAt?: string }) => !attr.deletedAt,
      pk: { field: 'gsi1pk', composite: ['regState'], template: 'users#${regState}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'uuid'], template: '${createdAt}#${uuid}', casing: 'none' },
    },
    withoutLocation: {
      index: 'gsi2',
      condition: (attr: { regState?: string; latitude?: number; deletedAt?: string }) => attr.regState === 'complete' && attr.latitude === undefined && !attr.deletedAt,
      pk: { field: 'gsi2pk', composite: [], template: 'users#nolocation', casing: 'none' },
      sk: { field: 'gsi2sk', composite: ['createdAt', 'uuid'], template: '${createdAt}#${uuid}', casing: 'none' },
    },
    /** Sparse: registered, listed, not suspended users, newest first (the public directory, U10). */
    directory: {
      index: 'feedPublic',
      condition: (attr: { regState?: string; directoryVisible?: boolean; suspended?: boolean; deletedAt?: string }) =>
        attr.regState === 'complete' && attr.directoryVisible !== false && !attr.suspended && !attr.deletedAt,
      pk: { field: 'pubpk', composite: [], template: 'users#directory', casing: 'none' },
      sk: { field: 'pubsk', composite: ['createdAt', 'uuid'], template: '${createdAt}#${uuid}', casing: 'none' },
    },
    nearby5: {
      index: 'geo5',
      condition: geoCondition,
      pk: { field: 'geo5pk', composite: ['geoCell5'], template: 'user#${geoCell5}', casing: 'none' },
      sk: { field: 'geo5sk', composite: ['geohash'], template: '${geohash}', casing: 'none' },
    },
    nearby4: {
      index: 'geo4',
      condition: geoCondition,
      pk: { field: 'geo4pk', composite: ['geoCell4'], template: 'user#${geoCell4}', casing: 'none' },
      sk: { field: 'geo4sk', composite: ['geohash'], template: '${geohash}', casing: 'none' },
    },
    nearby3: {
      index: 'geo3',
      condition: geoCondition,
      pk: { field: 'geo3pk', composite: ['geoCell3'], template: 'user#${geoCell3}', casing: 'none' },
      sk: { field: 'geo3sk', composite: ['geohash'], template: '${geohash}', casing: 'none' },
    },
  },
});

export type UserItem = EntityItem<ReturnType<typeof User>>;

/**
 * The partitions of the user lists, as their cursors are checked (functions/lib/paging.ts): the
 * index's key attribute and value, spelled as the templates above (key-builders.test.ts).
 */
export const regStatePartition = (regState: 'complete' | 'incomplete'): { field: string; value: string } => ({ field: 'gsi1pk', value: `users#${regState}` });
export const withoutLocationPartition = (): { field: string; value: string } => ({ field: 'gsi2pk', value: 'users#nolocation' });
export const directoryPartition = (): { field: string; value: string } => ({ field: 'pubpk', value: 'users#directory' });

/** The user item's key, spelled out for what ElectroDB does not read or write itself (condition checks, BatchGets, sweeps); held to the template above by key-builders.test.ts. */
export const userPk = (uuid: string): string => `user#${uuid}`;
export const userKey = (uuid: string): { pk: string; sk: string } => ({ pk: userPk(uuid), sk: 'profile' });
