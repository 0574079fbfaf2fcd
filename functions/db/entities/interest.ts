/**
 * A member's interest in a tag (I1-I3 in docs/data-model.md): one item per member, tag and kind of
 * interest (grow, swap, learn), in the member's partition (so deleting the account sweeps it), with
 * two overloaded indexes: the tag's interested members (gsi1, for digests and the tag's followers)
 * and the member's interests by when they followed them (gsi2, newest first: "For you" reads the
 * ten most recent). How many a member holds is a counter item beside them (`interestCountKey`),
 * changed by `ADD` in the same transaction as the interests.
 */
import { Entity, type EntityItem } from 'electrodb';
import { SERVICE } from '../service-name';

export const INTEREST_KINDS = ['grow', 'swap', 'learn'] as const;

/** The partition of a tag's interested members (gsi1). */
export const tagFansPk = (tag: string): string => `tagfans#${tag}`;
/** The partition of a member's interests by time (gsi2). */
export const interestsOfPk = (userId: string): string => `interestsof#${userId}`;
/** The counter of a member's interests. */
export const interestCountKey = (userId: string): { pk: string; sk: string } => ({ pk: `user#${userId}`, sk: 'interest-count' });

export const Interest = () => new Entity({
  model: { entity: 'interest', version: '1', service: SERVICE },
  attributes: {
    userId: { type: 'string', required: true, readOnly: true },
    tag: { type: 'string', required: true, readOnly: true },
    interestType: { type: INTEREST_KINDS, required: true, readOnly: true },
    followedAt: { type: 'string', required: true, readOnly: true },
  },
  indexes: {
    byUser: {
      pk: { field: 'pk', composite: ['userId'], template: 'user#${userId}', casing: 'none' },
      sk: { field: 'sk', composite: ['interestType', 'tag'], template: 'interest#${interestType}#${tag}', casing: 'none' },
    },
    /** The members interested in a tag, by kind of interest. */
    byTag: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['tag'], template: 'tagfans#${tag}', casing: 'none' },
      sk: { field: 'gsi1sk', composite: ['interestType', 'userId'], template: '${interestType}#user#${userId}', casing: 'none' },
    },
    /** A member's interests by when they followed them. */
    recent: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['userId'], template: 'interestsof#${userId}', casing: 'none' },
      sk: { field: 'gsi2sk', composite: ['followedAt', 'interestType', 'tag'], template: '${followedAt}#${interestType}#${tag}', casing: 'none' },
    },
  },
});

export type InterestItem = EntityItem<ReturnType<typeof Interest>>;
