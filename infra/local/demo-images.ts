/** Small real images for demo data and browser journeys: PNGs (a soft gradient, a potted plant) made without dependencies. */
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A width × height RGB PNG; `hue` shifts the colours so that two photos look different. */
export function gradientPng(width: number, height: number, hue = 0): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      row[1 + x * 3] = (40 + hue + (x * 60) / width) & 0xff;
      row[2 + x * 3] = (120 + (y * 100) / height) & 0xff;
      row[3 + x * 3] = (60 + hue / 2) & 0xff;
    }
    rows.push(row);
  }
  return encodePng(width, height, rows);
}

/** RGB (0-255 each) of a colour given as hue (degrees), saturation and lightness (0-1). */
function hsl(h: number, s: number, l: number): [number, number, number] {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))));
  return [f(0), f(8), f(4)];
}

/** A small deterministic random sequence (mulberry32), so that a seed always draws the same plant. */
function randomFrom(seed: number): () => number {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

interface Leaf {
  cx: number;
  cy: number;
  cos: number;
  sin: number;
  half: number;
  width: number;
  rgb: [number, number, number];
  box: [number, number, number, number];
}

/**
 * A width × height RGB PNG of a potted plant (leaves fanning out of a terracotta pot on a soft
 * background), for demo listings and page avatars. `hue` tints the background and the leaves'
 * green; `seed` picks the number, angles and lengths of the leaves. No dependencies, ~10 ms.
 */
export function plantPng(width: number, height: number, hue = 0, seed = 1): Buffer {
  const rand = randomFrom(seed * 7919 + hue);
  const side = Math.min(width, height);
  const baseX = width / 2;
  const potTop = height * 0.7;
  const potHeight = height * 0.24;
  const potTopHalf = side * 0.2;
  const potBottomHalf = side * 0.15;
  const leafHue = 85 + (((hue % 360) + 360) % 360) / 6; // greens, from yellowish to bluish
  const leaves: Leaf[] = [];
  const count = 5 + Math.floor(rand() * 5);
  for (let i = 0; i < count; i++) {
    const angle = ((i + 0.5) / count - 0.5) * 2.4 + (rand() - 0.5) * 0.3; // radians from straight up
    const length = side * (0.3 + rand() * 0.22);
    const half = length / 2;
    const w = half * (0.3 + rand() * 0.15);
    const cos = Math.cos(angle);
    const sin = Math.sin(angle);
    const cx = baseX + sin * half;
    const cy = potTop - cos * half;
    const reach = half + 1;
    leaves.push({
      cx, cy, cos, sin, half, width: w,
      rgb: hsl(leafHue + (rand() - 0.5) * 20, 0.45 + rand() * 0.2, 0.28 + rand() * 0.16),
      box: [cx - reach, cy - reach, cx + reach, cy + reach],
    });
  }
  const [bgTopR, bgTopG, bgTopB] = hsl((hue + 30) % 360, 0.3, 0.9);
  const [bgLowR, bgLowG, bgLowB] = hsl((hue + 30) % 360, 0.25, 0.76);
  const pot = hsl(16 + (hue % 12), 0.55, 0.48);
  const rim = hsl(16 + (hue % 12), 0.55, 0.4);
  const rows: Buffer[] = [];
  const ribHalf = Math.max(1, side / 160);
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    const t = y / height;
    const depth = (y - potTop) / potHeight;
    const potHalf = depth >= 0 && depth <= 1 ? potTopHalf + (potBottomHalf - potTopHalf) * depth : -1;
    const potRgb = depth < 0.14 ? rim : pot;
    const rowLeaves = leaves.filter((leaf) => y >= leaf.box[1] && y <= leaf.box[3]);
    for (let x = 0; x < width; x++) {
      let r = bgTopR + (bgLowR - bgTopR) * t;
      let g = bgTopG + (bgLowG - bgTopG) * t;
      let b = bgTopB + (bgLowB - bgTopB) * t;
      // Leaves, drawn in order (later ones in front), each an ellipse with a lighter midrib.
      for (const leaf of rowLeaves) {
        if (x < leaf.box[0] || x > leaf.box[2]) continue;
        const dx = x - leaf.cx;
        const dy = y - leaf.cy;
        const along = dx * leaf.sin - dy * leaf.cos;
        const across = dx * leaf.cos + dy * leaf.sin;
        const d = (along / leaf.half) ** 2 + (across / leaf.width) ** 2;
        if (d > 1) continue;
        const light = (1 + 0.25 * (across / leaf.width) - 0.15 * d) * (Math.abs(across) < ribHalf ? 1.35 : 1);
        r = leaf.rgb[0] * light;
        g = leaf.rgb[1] * light;
        b = leaf.rgb[2] * light;
      }
      // The pot: a trapezoid narrowing downwards, with a darker rim and a shaded right side.
      if (Math.abs(x - baseX) <= potHalf) {
        const shade = 1 - (0.25 * ((x - baseX) / potTopHalf + 1)) / 2;
        r = potRgb[0] * shade;
        g = potRgb[1] * shade;
        b = potRgb[2] * shade;
      }
      row[1 + x * 3] = Math.max(0, Math.min(255, Math.round(r)));
      row[2 + x * 3] = Math.max(0, Math.min(255, Math.round(g)));
      row[3 + x * 3] = Math.max(0, Math.min(255, Math.round(b)));
    }
    rows.push(row);
  }
  return encodePng(width, height, rows);
}

/** The PNG file of RGB rows (each starting with filter byte 0). */
function encodePng(width: number, height: number, rows: Buffer[]): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
