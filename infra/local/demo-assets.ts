/**
 * The demo photos: drawings of the plants the demo posts and listings name, committed as WebP under
 * demo-assets/ (their SVG sources in demo-assets/svg/; `npx tsx scripts/draw-demo-assets.ts`
 * redraws them). Uploaded by the seed to the local bucket like a member's photo. They are 640 px
 * wide, so, like a photo the browser does not scale, they need no small rendition.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const DEMO_ASSETS_DIR = join(import.meta.dirname, 'demo-assets');

/** Every drawing there is, by file name. */
export const PICTURES = [
  'monstera', 'fiddle-leaf-fig', 'snake-plant', 'golden-pothos', 'echeveria', 'boston-fern',
  'cherry-tomato', 'sweet-basil', 'moth-orchid', 'cactus', 'string-of-pearls', 'kangaroo-paw',
] as const;

export type PictureName = (typeof PICTURES)[number];

/** The names a post or listing calls each drawing's plant by: a demo photo shows what its text names. */
export const PICTURE_SHOWS: Readonly<Record<PictureName, RegExp>> = {
  'monstera': /\bmonstera\b/i,
  'fiddle-leaf-fig': /\bfiddle-leaf fig\b/i,
  'snake-plant': /\bsnake plant\b/i,
  'golden-pothos': /\bpothos\b/i,
  'echeveria': /\becheveria\b/i,
  'boston-fern': /\bboston fern\b/i,
  'cherry-tomato': /\b(cherry )?tomato(es)?\b/i,
  'sweet-basil': /\bbasil\b/i,
  'moth-orchid': /\b(moth )?orchid\b/i,
  'cactus': /\bcactus\b/i,
  'string-of-pearls': /\bstring of pearls\b/i,
  'kangaroo-paw': /\bkangaroo paws?\b/i,
};

export const DEMO_PICTURE_TYPE = 'image/webp';
export const DEMO_PICTURE_SIZE = { width: 640, height: 480 } as const;

const cache = new Map<PictureName, Buffer>();

/** The drawing's bytes (read once). */
export function demoPicture(name: PictureName): Buffer {
  let body = cache.get(name);
  if (!body) {
    body = readFileSync(join(DEMO_ASSETS_DIR, `${name}.webp`));
    cache.set(name, body);
  }
  return body;
}
