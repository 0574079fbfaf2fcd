/**
 * Lighthouse (desktop, no throttling) on the main screens: performance and accessibility ≥ 90,
 * as QUALITY.md budgets. Chromium is Debian's, started by chrome-launcher with its own profile.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHROMIUM, browserAvailable } from '../support/browser';

const SCREENS = ['/', '/auth/login', '/no/such/page'];

describe.runIf(browserAvailable)('Lighthouse budgets', () => {
  let chrome: chromeLauncher.LaunchedChrome;

  beforeAll(async () => {
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  });
  afterAll(async () => {
    chrome?.kill();
  });

  it.each(SCREENS)('%s scores ≥ 90 for performance and accessibility', async (path) => {
    const result = await lighthouse(
      inject('hostUrl') + path,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
      { ...desktopConfig, settings: { ...desktopConfig.settings, throttlingMethod: 'provided', onlyCategories: ['performance', 'accessibility'] } },
    );
    const categories = result!.lhr.categories;
    const scores = { performance: Math.round((categories.performance?.score ?? 0) * 100), accessibility: Math.round((categories.accessibility?.score ?? 0) * 100) };
    expect(scores.performance, JSON.stringify(scores)).toBeGreaterThanOrEqual(90);
    expect(scores.accessibility, JSON.stringify(scores)).toBeGreaterThanOrEqual(90);
  });
});
