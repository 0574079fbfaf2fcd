/**
 * zod compiles fast object parsers with `new Function` unless told not to, and probes for it
 * when its first object schema is built. The site's Content-Security-Policy allows no eval
 * (shared/security-headers.ts), so the probe would be refused and reported as a violation on
 * every page: parse without eval from the start. Imported first by main.tsx.
 */
import * as z from 'zod';

z.config({ jitless: true });
