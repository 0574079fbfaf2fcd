/**
 * Owners: members and pages own posts, listings, events and conversations, and share one id
 * namespace. Every owner id is claimed once (`ownerid#<id>`), in the same transaction as the
 * user or page it names, and never released: a page can never take a member's id, nor a new
 * account a deleted one's. Every key built from an owner id also names the owner's kind
 * (`owner#user#<id>#post`, `inbox#page#<id>`), so even two owners with one raw id could never
 * share a list (owner-keys.test.ts holds every such key to it).
 */
import { Entity, type EntityItem } from 'electrodb';
import { SERVICE } from '../service-name';

export const OWNER_TYPES = ['user', 'page'] as const;
export type OwnerType = (typeof OWNER_TYPES)[number];

/** An owner: its kind and its id. */
export interface OwnerRef {
  type: OwnerType;
  id: string;
}

export const OwnerIdClaim = () => new Entity({
  model: { entity: 'ownerIdClaim', version: '1', service: SERVICE },
  attributes: {
    id: { type: 'string', required: true, readOnly: true },
    ownerType: { type: OWNER_TYPES, required: true, readOnly: true },
    /** For a page: the member who created it (their retry of the create finds their page). */
    createdBy: { type: 'string', readOnly: true },
    createdAt: { type: 'string', required: true, readOnly: true, default: () => new Date().toISOString() },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['id'], template: 'ownerid#${id}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'ownerid', casing: 'none' },
    },
  },
});

export type OwnerIdClaimItem = EntityItem<ReturnType<typeof OwnerIdClaim>>;

/** A map key for an owner, naming its kind: a member's and a page's card never share one. */
export const ownerRefKey = (type: OwnerType, id: string): string => `${type}#${id}`;

/** The claim's key, spelled out for condition checks and BatchGets (held to the template by owner-keys.test.ts). */
export const ownerIdClaimKey = (id: string): { pk: string; sk: string } => ({ pk: `ownerid#${id}`, sk: 'ownerid' });

/**
 * The owner's own partition, where its item (`user#<id>` / `profile`, `page#<id>` / `page`) and
 * what hangs off it live: its message tally, its event places' links. Spelled as the user and page
 * templates are (owner-keys.test.ts).
 */
export const ownerPk = (o: OwnerRef): string => `${o.type}#${o.id}`;

/** The partition of an owner's event dates by end (`eventDate.byOwner`). */
export const ownerDatesPartition = (o: OwnerRef): { field: string; value: string } => ({ field: 'gsi2pk', value: `evdates#${o.type}#${o.id}` });
