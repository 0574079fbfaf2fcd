/// <reference lib="dom" />
/**
 * Headless Chromium (Debian's) through playwright-core, for browser journeys. Without Chromium
 * the journeys are skipped on a developer's machine but fail under CI=true.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';
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

export type ContextOptions = NonNullable<Parameters<Browser['newContext']>[0]>;

export interface BrowserContexts {
  /** A fresh context of the shared browser (`defaults`, then `options`), closed after the block. */
  newContext(options?: ContextOptions): Promise<BrowserContext>;
  /** A fresh context and its first page (see pageIn). */
  newPage(options?: ContextOptions): Promise<{ context: BrowserContext; page: Page }>;
}

/**
 * One Chromium for the calling describe block: launched in its beforeAll; its contexts, then the
 * browser, are closed in its afterAll. Contexts start from `defaults` (a viewport, say).
 */
export function browserContexts(defaults: ContextOptions = {}): BrowserContexts {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => undefined);
    await browser?.close();
  });
  const newContext = async (options: ContextOptions = {}) => {
    const context = await browser!.newContext({ ...defaults, ...options });
    contexts.push(context);
    return context;
  };
  return {
    newContext,
    async newPage(options = {}) {
      const context = await newContext(options);
      return { context, page: await pageIn(context) };
    },
  };
}

/** A new page of `context` whose waits time out after 20 s unless told otherwise. */
export async function pageIn(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  return page;
}

/** Opens the host's sign-in screen, fills it in and submits it; waiting for what follows is the caller's. */
export async function submitSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${inject('hostUrl')}/auth/login`);
  await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
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
