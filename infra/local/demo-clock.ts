/**
 * The demo data's clock: everything seeded is dated some days and hours before the moment the seed
 * runs, so a fresh site shows a neighbourhood that has been in use for weeks, not one where
 * everything happened "just now". Items are written through the same domain functions the API uses,
 * which take this time as their `nowMs`.
 */

/** How long ago something happened: days and hours before the seed runs. */
export type Ago = readonly [days: number, hours: number];

const HOUR = 3_600_000;

/** The epoch ms `ago` before `nowMs`. */
export function agoMs([days, hours]: Ago, nowMs: number): number {
  return nowMs - (days * 24 + hours) * HOUR;
}
