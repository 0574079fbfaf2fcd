/**
 * Pages (groups and organisations with a handle) and who belongs to them (G1–G5 in
 * docs/data-model.md).
 *
 * - `page`: the page itself under `page#<id>`, with its counts kept on write (members, admins,
 *   open join requests). Indexes: the directory sorted by name (name prefix search is a
 *   `begins_with`), and the geo indexes for pages near a point.
 * - `pageMember`: one item per member, join request or invitation, under the page
 *   (`member#<userId>`: a role check is one GetItem). Indexes: a user's pages (and requests),
 *   a page's members by role then join time (sparse: members only), and a page's open join
 *   requests (sparse: requests only).
 * - `pageTagLink`: one item per tag of a page, sorted by the page's name: pages by tag (with a name
 *   prefix) is one Query, written in the page's own transaction.
 */
import { ASSIGNABLE_PAGE_ROLES, PAGE_ROLES, pageRoleRank, type PageRole } from '../../../shared/page-roles';
import { Entity, type EntityItem } from 'electrodb';
import { SERVICE } from '../service-name';

const geoCondition = (a: { geohash?: string; deletedAt?: string; hiddenAt?: string }) => !!a.geohash && !a.deletedAt && !a.hiddenAt;

/** A geohash prefix kept in step with `geohash` (the geo indexes partition by it). */
const cell = (precision: number) => ({
  type: 'string' as const,
  hidden: true,
  watch: ['geohash'] as const,
  set: (_: unknown, item: { geohash?: string }) => item.geohash?.slice(0, precision),
});

export { PAGE_ROLES, type PageRole };

export const Page = () => new Entity({
  model: { entity: 'page', version: '1', service: SERVICE },
  attributes: {
    id: { type: 'string', required: true, readOnly: true },
    handle: { type: 'string', required: true },
    name: { type: 'string', required: true },
    /** The name lower-cased without accents: the directory and tag lists sort and prefix-search by it. */
    nameKey: { type: 'string', required: true },
    category: { type: ['group', 'organisation'] as const, required: true, default: 'group' },
    about: { type: 'string', required: true, default: '' },
    avatar: { type: 'string' },
    cover: { type: 'string' },
    tags: { type: 'list', items: { type: 'string' }, required: true, default: () => [] },
    /** The place as people name it, and the gazetteer's id and time zone for it. */
    suburbCity: { type: 'string' },
    state: { type: 'string' },
    country: { type: 'string' },
    placeId: { type: 'string' },
    timeZone: { type: 'string' },
    /** A street address, shown only when `addressPublic` (else only the place and the ~1 km cell). */
    address: { type: 'string' },
    latitude: { type: 'number' },
    longitude: { type: 'number' },
    geohash: { type: 'string' },
    geoCell5: cell(5),
    geoCell4: cell(4),
    geoCell3: cell(3),
    /** Settings: who may join, whether the exact position is public, who may post news as the page. */
    openness: { type: ['open', 'moderated', 'invite'] as const, required: true, default: 'open' },
    addressPublic: { type: 'boolean', required: true, default: false },
    postingRole: { type: ASSIGNABLE_PAGE_ROLES, required: true, default: 'moderator' },
    memberCount: { type: 'number', required: true, default: 0 },
    /** Members whose role is creator or admin; a change that would take it to 0 is refused in its transaction. */
    adminCount: { type: 'number', required: true, default: 0 },
    requestCount: { type: 'number', required: true, default: 0 },
    createdBy: { type: 'string', required: true, readOnly: true },
    /** When the site's admins were told about the page (POST /api/iam/emails/new-page sends once). */
    adminsToldAt: { type: 'string' },
    /** Bumped by every write that puts the whole item: the put is guarded on it. */
    version: { type: 'number', required: true, default: 0 },
    createdAt: { type: 'string', required: true, readOnly: true },
    updatedAt: { type: 'string', required: true },
    deletedAt: { type: 'string' },
    /** Hidden by an admin after a report: out of the directory, nearby and search; seen by its staff and admins alone. */
    hiddenAt: { type: 'string' },
    hiddenBy: { type: 'string' },
  },
  indexes: {
    byId: {
      pk: { field: 'pk', composite: ['id'], template: 'page#${id}', casing: 'none' },
      sk: { field: 'sk', composite: [], template: 'page', casing: 'none' },
    },
    /** Every live page by name (G2): the /pages directory and its name prefix search. */
    directory: {
      index: 'feedPublic',
      condition: (a: { deletedAt?: string; hiddenAt?: string }) => !a.deletedAt && !a.hiddenAt,
      pk: { field: 'pubpk', composite: [], template: 'pages#directory', casing: 'none' },
      sk: { field: 'pubsk', composite: ['nameKey', 'id'], template: '${nameKey}#${id}', casing: 'none' },
    },
    /**
     * Live pages an admin hid (G2d), oldest first: with the directory, every live page (the site
     * counter's recount walks both). Keyed by `createdAt` alone: an index with a condition needs
     * all its composites on every write that names one, and a patch that names the key (`id`)
     * but not the condition's attributes would drop its keys (markAdminsTold names neither).
     */
    hidden: {
      index: 'gsi1',
      condition: (a: { deletedAt?: string; hiddenAt?: string }) => !a.deletedAt && !!a.hiddenAt,
      pk: { field: 'gsi1pk', composite: [], template: 'pages#hidden', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['createdAt'], template: '${createdAt}', casing: 'none' },
    },
    nearby5: { index: 'geo5', condition: geoCondition, pk: { field: 'geo5pk', composite: ['geoCell5'], template: 'page#${geoCell5}', casing: 'none' }, sk: { field: 'geo5sk', composite: ['geohash'], template: '${geohash}', casing: 'none' } },
    nearby4: { index: 'geo4', condition: geoCondition, pk: { field: 'geo4pk', composite: ['geoCell4'], template: 'page#${geoCell4}', casing: 'none' }, sk: { field: 'geo4sk', composite: ['geohash'], template: '${geohash}', casing: 'none' } },
    nearby3: { index: 'geo3', condition: geoCondition, pk: { field: 'geo3pk', composite: ['geoCell3'], template: 'page#${geoCell3}', casing: 'none' }, sk: { field: 'geo3sk', composite: ['geohash'], template: '${geohash}', casing: 'none' } },
  },
});

export type PageItem = EntityItem<ReturnType<typeof Page>>;

/** The rank members are listed in: creator, admins, moderators, members ('0' to '3'). */
export const ROLE_RANK = Object.fromEntries(PAGE_ROLES.map((role) => [role, String(pageRoleRank(role))])) as Record<PageRole, string>;

export const PageMember = () => new Entity({
  model: { entity: 'pageMember', version: '1', service: SERVICE },
  attributes: {
    pageId: { type: 'string', required: true, readOnly: true },
    userId: { type: 'string', required: true, readOnly: true },
    /** member: belongs; requested: asked to join a moderated page; invited: asked in by an admin. */
    status: { type: ['member', 'requested', 'invited'] as const, required: true },
    role: { type: PAGE_ROLES, required: true, default: 'member' },
    roleRank: {
      type: 'string',
      hidden: true,
      watch: ['role'] as const,
      set: (_: unknown, item: { role?: PageRole }) => ROLE_RANK[item.role ?? 'member'],
    },
    /** Who invited (invitations) or approved (requests) them. */
    by: { type: 'string' },
    since: { type: 'string', required: true },
    updatedAt: { type: 'string', required: true },
  },
  indexes: {
    byPage: {
      pk: { field: 'pk', composite: ['pageId'], template: 'page#${pageId}', casing: 'none' },
      sk: { field: 'sk', composite: ['userId'], template: 'member#${userId}', casing: 'none' },
    },
    /** A user's pages, requests and invitations (G4), newest first within each status. */
    byUser: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['userId'], template: 'pagesof#${userId}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['status', 'since', 'pageId'], template: '${status}#${since}#${pageId}', casing: 'none' },
    },
    /** A page's members by role, then by when they joined (G3b). */
    members: {
      index: 'gsi2',
      condition: (a: { status?: string }) => a.status === 'member',
      pk: { field: 'gsi2pk', composite: ['pageId'], template: 'pagemembers#${pageId}', casing: 'none' },
      sk: { field: 'gsi2sk', composite: ['roleRank', 'since', 'userId'], template: '${roleRank}#${since}#${userId}', casing: 'none' },
    },
    /** A page's open join requests, oldest first (G3c). */
    requests: {
      index: 'gsi3',
      condition: (a: { status?: string }) => a.status === 'requested',
      pk: { field: 'gsi3pk', composite: ['pageId'], template: 'pagerequests#${pageId}', casing: 'none' },
      sk: { field: 'gsi3sk', composite: ['since', 'userId'], template: '${since}#${userId}', casing: 'none' },
    },
  },
});

export type PageMemberItem = EntityItem<ReturnType<typeof PageMember>>;

export const PageTagLink = () => new Entity({
  model: { entity: 'pageTagLink', version: '1', service: SERVICE },
  attributes: {
    tag: { type: 'string', required: true, readOnly: true },
    nameKey: { type: 'string', required: true, readOnly: true },
    pageId: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byTag: {
      pk: { field: 'pk', composite: ['tag'], template: 'tagpages#${tag}', casing: 'none' },
      sk: { field: 'sk', composite: ['nameKey', 'pageId'], template: '${nameKey}#${pageId}', casing: 'none' },
    },
  },
});

export type PageTagLinkItem = EntityItem<ReturnType<typeof PageTagLink>>;

/** Keys spelled out for BatchGets, condition checks and `ADD`s (held to the templates by content-keys.test.ts). */
export const pagePk = (id: string): string => `page#${id}`;
export const pageKey = (id: string): { pk: string; sk: string } => ({ pk: pagePk(id), sk: 'page' });
export const pageMemberKey = (pageId: string, userId: string): { pk: string; sk: string } => ({ pk: pagePk(pageId), sk: `member#${userId}` });
