/**
 * Builds the CDK app: feature flags, cdk-nag, and one SiteStack per stage. Used by app.ts (the
 * CLI's entry) and by the infra tests, so both synthesise exactly the same thing.
 */
import { join } from 'node:path';
import { App, type AppProps } from 'aws-cdk-lib';
import type { BundleResult } from './bundle';
import { REPO_ROOT } from './bundle';
import { parseOrigins } from '../../shared/security-headers';
import { parseAlarmEmails, parseSmsBudget } from './monitoring';
import { addNagChecks } from './nag';
import { SiteStack, stackName, type SiteStackProps, type StageConfig } from './site-stack';

/**
 * Feature flags this app relies on (cdk.json or `-c` may still override them). They are set here
 * rather than in cdk.json so the tests' in-memory app gets them too.
 */
export const FEATURE_FLAGS: Record<string, unknown> = {
  // SecretValue must be unwrapped explicitly before it can land in a string.
  '@aws-cdk/core:checkSecretUsage': true,
  // Merge policy statements: smaller role policies.
  '@aws-cdk/aws-iam:minimizePolicies': true,
  // S3 server access logs are delivered by bucket policy, not by an ACL grant.
  '@aws-cdk/aws-s3:serverAccessLogsUseBucketPolicy': true,
  '@aws-cdk/aws-s3:createDefaultLoggingPolicy': true,
  '@aws-cdk/aws-s3:publicAccessBlockedByDefault': true,
  '@aws-cdk/aws-cloudfront:defaultFunctionRuntimeV2_0': true,
  '@aws-cdk/aws-cloudfront:defaultViewerProtocolPolicyRedirectToHttps': true,
};

export const DEFAULT_SPA_DIST = join(REPO_ROOT, 'web', 'dist');

export function newApp(props: AppProps = {}): App {
  const app = new App({ ...props, context: { ...FEATURE_FLAGS, ...props.context } });
  addNagChecks(app);
  return app;
}

export function addStage(
  app: App,
  config: StageConfig,
  bundles: BundleResult,
  options: Omit<SiteStackProps, 'config' | 'bundles'> = {},
): SiteStack {
  return new SiteStack(app, stackName(config.stage), { ...options, config, bundles });
}

/**
 * `-c stage=NAME` (default dev), `-c mailFrom=...`, `-c adminEmails=a@x,b@y`, `-c siteOrigin=https://…`,
 * `-c secretsExtensionArn=arn:aws:lambda:…` (the Parameters and Secrets extension layer, arm64, of
 * the stage's region; see infra/aws/secrets-extension.ts),
 * and the origins the Content-Security-Policy allows besides the site's own (comma-separated,
 * `none` for none; left out, the defaults of shared/security-headers.ts apply):
 * `-c cspTileOrigins=https://tile.openstreetmap.org` (map tiles), `-c cspMediaOrigins=https://…`
 * (video hosts), `-c cspWebSocketOrigins=wss://…` (live updates); and for the stage's alarms
 * (infra/aws/monitoring.ts): `-c alarmEmails=a@x,b@y` (subscribed to the alarm topic; none when
 * unset) and `-c smsMonthlyBudgetUsd=100` (the SMS spend alarm fires at 80 % of it).
 */
export function stageConfigFromContext(app: App): StageConfig {
  const text = (key: string): string | undefined => {
    const value: unknown = app.node.tryGetContext(key);
    if (Array.isArray(value)) return value.join(',');
    return typeof value === 'string' && value.trim() ? value.trim() : undefined;
  };
  const mailFrom = text('mailFrom');
  const adminEmails = text('adminEmails');
  const siteOrigin = text('siteOrigin');
  const secretsExtensionArn = text('secretsExtensionArn');
  const alarmEmails = parseAlarmEmails(app.node.tryGetContext('alarmEmails'));
  const smsMonthlyBudgetUsd = parseSmsBudget(app.node.tryGetContext('smsMonthlyBudgetUsd'));
  const origins = (key: string, schemes: ('https' | 'wss')[]): string[] | undefined => {
    const value = text(key);
    return value === undefined ? undefined : parseOrigins(value, `-c ${key}`, schemes);
  };
  const csp = {
    tileOrigins: origins('cspTileOrigins', ['https']),
    mediaOrigins: origins('cspMediaOrigins', ['https']),
    webSocketOrigins: origins('cspWebSocketOrigins', ['wss']),
  };
  return {
    stage: text('stage') ?? 'dev',
    spaDist: DEFAULT_SPA_DIST,
    ...(mailFrom ? { mailFrom } : {}),
    ...(adminEmails ? { adminEmails } : {}),
    ...(siteOrigin ? { siteOrigin } : {}),
    ...(secretsExtensionArn ? { secretsExtensionArn } : {}),
    ...(alarmEmails.length ? { alarmEmails } : {}),
    ...(smsMonthlyBudgetUsd !== undefined ? { smsMonthlyBudgetUsd } : {}),
    csp: Object.fromEntries(Object.entries(csp).filter(([, list]) => list !== undefined)),
  };
}
