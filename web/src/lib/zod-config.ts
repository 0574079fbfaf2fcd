/**
 * zod compiles fast object parsers with `new Function` unless told not to, and probes for it
 * when its first object schema is built. The site's Content-Security-Policy allows no eval
 * (shared/security-headers.ts), so the probe would be refused and reported as a violation on
 * every page: parse without eval from the start. Imported first by main.tsx. (The shared input
 * schemas are `zod/mini` ones, whose objects never compile; this guards any classic schema.)
 */
import * as z from 'zod/mini';

z.config({ jitless: true });
