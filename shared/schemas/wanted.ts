/** Wanted lists: a member lists plants they want, by tag or plant name, within a radius of their place. */
import * as z from 'zod/mini';
import { normaliseSearchText } from '../format';
import { tagName } from './tags';
import { nameText, uuid } from './common';
import './locale';

/** How far from the member's place a wanted entry reaches. */
export const WANTED_RADIUS_MIN_KM = 1;
export const WANTED_RADIUS_MAX_KM = 100;
/** Entries a member may hold at once. */
export const WANTED_MAX = 50;
export const WANTED_NAME_MAX = 80;

/** A plant name's words as matching compares them (case and accents folded, 2 characters or more). */
export function plantNameWords(name: string): string[] {
  return [...new Set(normaliseSearchText(name).split(' ').filter((w) => w.length >= 2))];
}

export const newWantedInput = z
  .strictObject({
    tag: z.optional(tagName),
    plantName: z.optional(
      nameText(1, WANTED_NAME_MAX).check(z.refine((s) => plantNameWords(s).length > 0, { message: 'must hold a word of 2 letters or more' })),
    ),
    radiusKm: z.number({ message: `must be a number of kilometres from ${WANTED_RADIUS_MIN_KM} to ${WANTED_RADIUS_MAX_KM}` }).check(
      z.int({ message: 'must be a whole number of kilometres' }),
      z.gte(WANTED_RADIUS_MIN_KM, { message: `must be at least ${WANTED_RADIUS_MIN_KM}` }),
      z.lte(WANTED_RADIUS_MAX_KM, { message: `must be at most ${WANTED_RADIUS_MAX_KM}` }),
    ),
  })
  .check(
    z.superRefine((v, ctx) => {
      if ((v.tag === undefined) === (v.plantName === undefined)) {
        ctx.issues.push({ code: 'custom', path: ['tag'], message: 'give exactly one of tag and plantName', input: v });
      }
    }),
  );
export type NewWantedInput = z.infer<typeof newWantedInput>;

export const wantedIdInput = z.strictObject({ id: uuid });
