/**
 * Redraws the demo plant pictures: each SVG in infra/local/demo-assets/svg/ is drawn by headless
 * Chromium onto a 640 × 480 canvas and saved beside it as WebP (infra/local/demo-assets/<name>.webp),
 * which the local seed uploads as members' photos. Run it after changing a drawing:
 *   npx tsx scripts/draw-demo-assets.ts [name …]
 * Chromium: /usr/bin/chromium (or CHROMIUM_PATH).
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { chromium } from 'playwright-core';

const DIR = join(import.meta.dirname, '..', 'infra', 'local', 'demo-assets');
const WIDTH = 640;
const HEIGHT = 480;
const QUALITY = 0.86;

async function main(): Promise<void> {
  const only = process.argv.slice(2);
  const names = readdirSync(join(DIR, 'svg'))
    .filter((f) => f.endsWith('.svg'))
    .map((f) => basename(f, '.svg'))
    .filter((n) => !only.length || only.includes(n));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const page = await browser.newPage();
    for (const name of names) {
      const svg = readFileSync(join(DIR, 'svg', `${name}.svg`), 'utf8');
      const dataUrl = await page.evaluate(
        async ({ svg, width, height, quality }) => {
          const img = new Image();
          img.src = `data:image/svg+xml;base64,${btoa(unescape(encodeURIComponent(svg)))}`;
          await img.decode();
          const canvas = document.createElement('canvas');
          canvas.width = width;
          canvas.height = height;
          canvas.getContext('2d')!.drawImage(img, 0, 0, width, height);
          return canvas.toDataURL('image/webp', quality);
        },
        { svg, width: WIDTH, height: HEIGHT, quality: QUALITY },
      );
      if (!dataUrl.startsWith('data:image/webp;base64,')) throw new Error(`Chromium did not encode ${name} as WebP`);
      const file = join(DIR, `${name}.webp`);
      writeFileSync(file, Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));
      console.log(`${name}.webp  ${(statSync(file).size / 1024).toFixed(1)} KB`);
    }
  } finally {
    await browser.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
