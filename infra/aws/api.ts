/**
 * A stage's HTTP API: the API itself, its access logs and its throttled `$default` stage, then one
 * nested stack per domain holding that domain's routes (infra/aws/routes-stack.ts). Every
 * construct is made with the stack itself as scope and the id it has always had, so no logical id
 * moves.
 */
import type { RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { routeKey, type Grant, type StackedRoute } from '../../functions/lib/route-types';
import { CATCH_ALL, routes as defaultRoutes } from '../../functions/routes';
import { ticket } from '../../shared/contract/messages';
import { CSP_ORIGINS_ENV } from '../../shared/security-headers';
import type { BundleEntry } from './bundle';
import { APP_NAME, DEFAULT_ROUTE_KEY, pascal } from './naming';
import { RoutesStack, type DomainRoute } from './routes-stack';
import type { StageConfig } from './site-stack';
import type { SiteCspOrigins } from './spa';

/**
 * A domain's nested stack holds 5 resources per route and 2 per distinct grant set (a role and
 * its policy); past this many routes it would near the 450 the tests allow (CloudFormation's hard
 * limit is 500): split the domain's folder. The nested stack also counts its resources exactly.
 */
export const MAX_ROUTES_PER_DOMAIN = 85;

/** Requests per second (steady / burst) the API's stage accepts before answering 429. */
const API_THROTTLE = { rateLimit: 200, burstLimit: 400 };

export interface HttpApiOptions {
  stage: string;
  /** The access log group's removal policy. */
  keep: RemovalPolicy;
  logRetention: logs.RetentionDays;
}

export function createHttpApi(stack: Stack, { stage, keep, logRetention }: HttpApiOptions): apigwv2.HttpApi {
  const api = new apigwv2.HttpApi(stack, 'Api', {
    apiName: `${APP_NAME}-${stage}`,
    description: `${APP_NAME} ${stage}: one Lambda per route; reachable only through CloudFront (origin secret)`,
    createDefaultStage: false,
  });
  const accessLogs = new logs.LogGroup(stack, 'ApiAccessLogs', {
    logGroupName: `/aws/apigateway/${APP_NAME}/${stage}`,
    retention: logRetention,
    removalPolicy: keep,
  });
  new apigwv2.HttpStage(stack, 'ApiStage', {
    httpApi: api,
    stageName: '$default',
    autoDeploy: true,
    throttle: API_THROTTLE,
    accessLogSettings: {
      destination: new apigwv2.LogGroupLogDestination(accessLogs),
      // No headers, cookies or bodies; sourceIp is CloudFront's edge, not the viewer.
      format: AccessLogFormat.custom(
        JSON.stringify({
          requestId: '$context.requestId',
          time: '$context.requestTime',
          routeKey: '$context.routeKey',
          path: '$context.path',
          status: '$context.status',
          latencyMs: '$context.responseLatency',
          integrationStatus: '$context.integrationStatus',
          integrationError: '$context.integrationErrorMessage',
          responseLength: '$context.responseLength',
          edgeIp: '$context.identity.sourceIp',
        }),
      ),
    },
  });
  return api;
}

export interface RouteStacksOptions {
  stage: string;
  config: Pick<StageConfig, 'secretsExtensionArn' | 'mailFrom' | 'adminEmails' | 'siteOrigin'>;
  /** The route table (default: functions/routes.ts), each route with its stack; every route needs a bundle. */
  routes?: readonly StackedRoute[];
  /** The route bundles (BundleResult's entries). */
  bundles: readonly BundleEntry[];
  api: apigwv2.HttpApi;
  table: dynamodb.Table;
  imagesBucketName: string;
  signingSecret: secretsmanager.Secret;
  originSecret: secretsmanager.Secret;
  logRetention: logs.RetentionDays;
  disposable: boolean;
  /** The origins site settings may name (the CSP's tile and media origins). */
  cspOrigins: Pick<SiteCspOrigins, 'tiles' | 'media'>;
  /** The WebSocket API stage's `wss://` URL, handed out with socket tickets (REALTIME_URL). */
  realtimeUrl?: string;
}

/** The route that hands out socket tickets: its Lambda alone gets REALTIME_URL. */
export const REALTIME_TICKET_ROUTE = routeKey(ticket);

/** One nested stack per domain (`<Domain>Routes`, directly under the stack), by the domain each route names as its `stack`. */
export function createRouteStacks(stack: Stack, options: RouteStacksOptions): Map<string, RoutesStack> {
  const { stage, config, cspOrigins } = options;
  const bundleByKey = new Map<string, BundleEntry>(options.bundles.map((e) => [e.routeKey, e]));
  const bundleOf = (key: string): BundleEntry => {
    const bundle = bundleByKey.get(key);
    if (!bundle) throw new Error(`no bundle for ${key}: rebuild with buildBundles()`);
    return bundle;
  };
  const domains = new Map<string, { routes: DomainRoute[] }>();
  const domainEntry = (domain: string) => {
    let entry = domains.get(domain);
    if (!entry) domains.set(domain, (entry = { routes: [] }));
    return entry;
  };
  for (const route of options.routes ?? defaultRoutes) {
    const key = routeKey(route);
    domainEntry(route.stack).routes.push({ routeKey: key, route, access: route.access, grants: route.grants, bundle: bundleOf(key) });
  }
  domainEntry(CATCH_ALL.stack).routes.push({
    routeKey: DEFAULT_ROUTE_KEY,
    access: 'public',
    grants: CATCH_ALL.grants as readonly Grant[],
    bundle: bundleOf(DEFAULT_ROUTE_KEY),
  });

  const routeStacks = new Map<string, RoutesStack>();
  for (const [domain, entry] of domains) {
    if (entry.routes.length > MAX_ROUTES_PER_DOMAIN) {
      throw new Error(`domain "${domain}" has ${entry.routes.length} routes; a nested stack holds at most ${MAX_ROUTES_PER_DOMAIN}: split functions/${domain}/`);
    }
    routeStacks.set(
      domain,
      new RoutesStack(stack, `${pascal(domain)}Routes`, {
        stage,
        domain,
        routes: entry.routes,
        api: options.api,
        table: options.table,
        imagesBucketName: options.imagesBucketName,
        signingSecret: options.signingSecret,
        originSecret: options.originSecret,
        ...(config.secretsExtensionArn ? { secretsExtensionArn: config.secretsExtensionArn } : {}),
        logRetention: options.logRetention,
        disposable: options.disposable,
        ...(config.mailFrom ? { mailFrom: config.mailFrom } : {}),
        ...(config.adminEmails ? { adminEmails: config.adminEmails } : {}),
        ...(config.siteOrigin ? { siteOrigin: config.siteOrigin } : {}),
      }),
    );
  }

  // Site settings that name an origin (a map tile URL, a video) may only pick one the CSP allows.
  for (const routesStack of routeStacks.values()) {
    for (const fn of routesStack.functions.values()) {
      fn.addEnvironment(CSP_ORIGINS_ENV.tiles, cspOrigins.tiles.join(','));
      fn.addEnvironment(CSP_ORIGINS_ENV.media, cspOrigins.media.join(','));
    }
  }

  // The ticket route answers where the socket is: the WebSocket stage's URL.
  if (options.realtimeUrl) {
    for (const route of options.routes ?? defaultRoutes) {
      if (routeKey(route) !== REALTIME_TICKET_ROUTE) continue;
      const fn = routeStacks.get(route.stack)?.functions.get(routeKey(route));
      if (!fn) throw new Error(`no function for ${routeKey(route)}`);
      fn.addEnvironment('REALTIME_URL', options.realtimeUrl);
    }
  }
  return routeStacks;
}
