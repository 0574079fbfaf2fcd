/// <reference lib="dom" />
/**
 * Headless Chromium (Debian's) through playwright-core, for browser journeys. Without Chromium
 * the journeys are skipped on a developer's machine but fail under CI=true.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { REPO_ROOT } from '../../infra/local/host';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOTS = join(REPO_ROOT, 'test-results');

export const browserAvailable = existsSync(CHROMIUM);
if (!browserAvailable && process.env.CI === 'true') {
  throw new Error(`Chromium is required under CI but ${CHROMIUM} does not exist (apt-get install chromium)`);
}

export function launch(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
}

interface AxeResult {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[];
}

let axeSource: string | undefined;

/**
 * Runs axe-core in the page and returns the critical and serious violations. axe is evaluated
 * through the DevTools protocol, not added as an inline <script>: the site's
 * Content-Security-Policy (rightly) refuses inline scripts.
 */
export async function seriousA11yViolations(page: Page): Promise<AxeResult['violations']> {
  axeSource ??= readFileSync(join(REPO_ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<AxeResult> } }).axe;
    return axe.run(document, { resultTypes: ['violations'] });
  });
  return result.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious');
}
