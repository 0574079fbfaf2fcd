/// <reference lib="dom" />
/**
 * Records every Content-Security-Policy violation of a browser context: an init script listens
 * for `securitypolicyviolation` in every document and hands each one to the test at once
 * through a binding (so a full navigation loses none), and Chromium's own "Refused to …"
 * console errors are kept as well.
 */
import type { BrowserContext, ConsoleMessage } from 'playwright-core';

export interface CspViolation {
  directive: string;
  blocked: string;
  source: string;
  line: number;
  sample: string;
  page: string;
}

const BINDING = '__leaflineCspViolation';

export interface CspRecorder {
  /** Violations seen so far (events and console errors). */
  readonly violations: CspViolation[];
  readonly consoleErrors: string[];
  /** Forget what was recorded (after a deliberate probe). */
  clear(): void;
}

export async function recordCspViolations(context: BrowserContext): Promise<CspRecorder> {
  const violations: CspViolation[] = [];
  const consoleErrors: string[] = [];
  await context.exposeBinding(BINDING, (_source, v: CspViolation) => {
    violations.push(v);
  });
  await context.addInitScript((binding: string) => {
    const report = (window as unknown as Record<string, (v: unknown) => void>)[binding];
    document.addEventListener(
      'securitypolicyviolation',
      (e) => {
        report?.({
          directive: e.effectiveDirective || e.violatedDirective,
          blocked: e.blockedURI,
          source: e.sourceFile,
          line: e.lineNumber,
          sample: e.sample,
          page: location.pathname,
        });
      },
      true,
    );
  }, BINDING);
  const onConsole = (msg: ConsoleMessage) => {
    if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) consoleErrors.push(msg.text());
  };
  // Every page of the context, including those opened with newPage().
  context.on('page', (p) => p.on('console', onConsole));
  return {
    violations,
    consoleErrors,
    clear() {
      violations.length = 0;
      consoleErrors.length = 0;
    },
  };
}
