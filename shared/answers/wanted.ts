/** What the wanted-list routes answer. */
import * as z from 'zod';

export const wantedView = z.strictObject({
  id: z.string(),
  tag: z.string().nullable().describe('The tag wanted; null for a plant name'),
  plantName: z.string().nullable().describe('The plant name wanted; null for a tag'),
  radiusKm: z.number().int(),
  createdAt: z.string(),
});
export type WantedView = z.output<typeof wantedView>;

export const wantedAnswer = z.strictObject({ wanted: wantedView });
export const wantedList = z.strictObject({ wanted: z.array(wantedView).describe('Newest first') });
export const wantedDeleted = z.strictObject({ deleted: z.literal(true) });
