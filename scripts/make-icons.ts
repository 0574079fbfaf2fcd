/**
 * Renders the app's icons (web/public/icons/) from the favicon's drawing with Chromium: the
 * manifest's 192 and 512 px icons, a maskable 512 (the mark inside the safe zone, on a full
 * bleed), and the 180 px touch icon. Run by hand when the mark changes: `npx tsx scripts/make-icons.ts`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const OUT = join(import.meta.dirname, '..', 'web', 'public', 'icons');
const GREEN = '#15803d';
const LEAF = '<path d="M6 18c0-7 5-11 12-12-1 7-5 12-12 12zm0 0 6-6" fill="none" stroke="#fff" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/>';

/** The mark on a rounded square (`any`), or scaled into the central 80 % of a full square (`maskable`). */
const svg = (size: number, maskable: boolean) => maskable
  ? `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24"><rect width="24" height="24" fill="${GREEN}"/><g transform="translate(3.6 3.6) scale(0.7)">${LEAF}</g></svg>`
  : `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24"><rect width="24" height="24" rx="6" fill="${GREEN}"/>${LEAF}</svg>`;

const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
try {
  for (const icon of ICONS) {
    const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg(icon.size, icon.maskable)}</body></html>`);
    writeFileSync(join(OUT, icon.file), await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: icon.size, height: icon.size } }));
    await page.close();
  }
} finally {
  await browser.close();
}
