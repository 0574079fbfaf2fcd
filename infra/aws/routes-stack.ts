/**
 * One nested stack per domain: one execution role per distinct grant set of the domain's routes
 * (a role and its policy: 2 resources each) and, per route, its Lambda, log group, integration,
 * API route and invoke permission (5 resources). Some 200 routes over a dozen domains would keep every
 * template far below CloudFormation's 500 resources; the stack refuses to reach 450 (a test
 * holds that too).
 *
 * The functions get the secrets' ARNs, never their values, and the Parameters and Secrets
 * extension layer to read them with (infra/aws/secrets-extension.ts, functions/lib/secrets.ts).
 */
import { CfnResource, Duration, NestedStack, RemovalPolicy, type NestedStackProps } from 'aws-cdk-lib';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import type { AccessLevel } from '../../shared/api';
import type { Grant, RouteDef } from '../../functions/lib/route-types';
import type { BundleEntry } from './bundle';
import { GrantRole, grantSetKey } from './grant-role';
import { APP_NAME, DEFAULT_ROUTE_KEY, functionSizing, pascal } from './naming';
import { acknowledge } from './nag';
import { secretsExtension } from './secrets-extension';
import { EXPORT_JOB, routeJobFunctionName } from './jobs';

/** A route of the table, or the `$default` catch-all (no method/path, public). */
export interface DomainRoute {
  routeKey: string;
  route?: RouteDef;
  access: AccessLevel;
  /** What the route's function may touch: exactly these (its role is shared only with routes of the same set). */
  grants: readonly Grant[];
  bundle: BundleEntry;
}

export interface RoutesStackProps extends NestedStackProps {
  stage: string;
  domain: string;
  routes: DomainRoute[];
  api: apigwv2.IHttpApi;
  table: ITable;
  imagesBucketName: string;
  signingSecret: ISecret;
  /** The secret CloudFront sends in x-origin-verify: the functions read it at run time by ARN. */
  originSecret: ISecret;
  /** The Parameters and Secrets extension layer's ARN; default: the published one of the stack's region. */
  secretsExtensionArn?: string;
  logRetention: logs.RetentionDays;
  disposable: boolean;
  mailFrom?: string;
  adminEmails?: string;
  /** The public origin for links in e-mails (SITE_ORIGIN). */
  siteOrigin?: string;
}

export const LAMBDA_RUNTIME = lambda.Runtime.NODEJS_22_X;

/** Resources a routes template may hold (CloudFormation's hard limit is 500; the tests hold this too). */
export const MAX_TEMPLATE_RESOURCES = 450;

export function logGroupPrefix(stage: string, domain: string): string {
  return `/aws/lambda/${APP_NAME}/${stage}/${domain}/`;
}

export class RoutesStack extends NestedStack {
  readonly functions = new Map<string, lambda.Function>();

  constructor(scope: Construct, id: string, props: RoutesStackProps) {
    super(scope, id, { ...props, description: `${APP_NAME} ${props.stage}: the ${props.domain} API routes` });
    const prefix = logGroupPrefix(props.stage, props.domain);
    // One role per distinct grant set, made when its first route needs it.
    const roles = new Map<string, iam.IRole>();
    const roleFor = (grants: readonly Grant[]): iam.IRole => {
      const key = grantSetKey(grants);
      let role = roles.get(key);
      if (!role) {
        ({ role } = new GrantRole(this, `Execution${pascal(key.replace(/[:,]/g, '-')) || 'NoGrants'}`, {
          domain: props.domain,
          grants: new Set(grants),
          table: props.table,
          imagesBucketName: props.imagesBucketName,
          secrets: [props.signingSecret, props.originSecret],
          logGroupPrefix: prefix,
          exportFunctionName: routeJobFunctionName(props.stage, EXPORT_JOB.name),
          ...(props.mailFrom ? { mailFrom: props.mailFrom } : {}),
        }));
        roles.set(key, role);
      }
      return role;
    };
    const paramsAndSecrets = secretsExtension(props.secretsExtensionArn);

    const environment: Record<string, string> = {
      TABLE_NAME: props.table.tableName,
      IMAGES_BUCKET: props.imagesBucketName,
      SIGNING_SECRET_ARN: props.signingSecret.secretArn,
      ORIGIN_SECRET_ARN: props.originSecret.secretArn,
      SERVICE_NAME: APP_NAME,
      // Big deletions only mark their root; the table's stream runs the sweep (functions/lib/deferred.ts).
      SWEEPS: 'stream',
      ...(props.mailFrom ? { MAIL_FROM: props.mailFrom } : {}),
      ...(props.adminEmails ? { ADMIN_EMAILS: props.adminEmails } : {}),
      ...(props.siteOrigin ? { SITE_ORIGIN: props.siteOrigin } : {}),
    };

    for (const entry of props.routes) {
      const id = pascal(entry.bundle.folder);
      const sizing = entry.route ? functionSizing(entry.route) : functionSizing({ method: 'GET', path: DEFAULT_ROUTE_KEY });
      const logGroup = new logs.LogGroup(this, `${id}Logs`, {
        logGroupName: `${prefix}${entry.bundle.folder}`,
        retention: props.logRetention,
        removalPolicy: props.disposable ? RemovalPolicy.DESTROY : RemovalPolicy.RETAIN,
      });
      const fn = new lambda.Function(this, id, {
        description: entry.routeKey,
        runtime: LAMBDA_RUNTIME,
        architecture: lambda.Architecture.ARM_64,
        code: lambda.Code.fromAsset(entry.bundle.dir),
        handler: 'index.handler',
        memorySize: sizing.memoryMb,
        timeout: Duration.seconds(sizing.timeoutSeconds),
        role: roleFor(entry.grants),
        logGroup,
        // A route that starts the export job is told its name (EXPORT_FUNCTION, functions/exports/start.ts).
        environment: entry.grants.includes('export:start') ? { ...environment, [EXPORT_JOB.functionEnv]: routeJobFunctionName(props.stage, EXPORT_JOB.name) } : environment,
        paramsAndSecrets,
      });
      acknowledge(
        fn,
        'AwsSolutions-L1',
        'Pinned to nodejs22.x on purpose: the bundles target Node 22 and the code is tested on Node 20/22; move to a newer runtime deliberately, with the bundler target.',
      );
      this.functions.set(entry.routeKey, fn);

      const routeKey = entry.route
        ? apigwv2.HttpRouteKey.with(entry.route.path, apigwv2.HttpMethod[entry.route.method])
        : apigwv2.HttpRouteKey.DEFAULT;
      const route = new apigwv2.HttpRoute(this, `${id}Route`, {
        httpApi: props.api,
        routeKey,
        integration: new HttpLambdaIntegration(`${id}Integration`, fn, {
          payloadFormatVersion: apigwv2.PayloadFormatVersion.VERSION_2_0,
        }),
      });
      acknowledge(
        route,
        'AwsSolutions-APIG4',
        entry.route
          ? `${entry.routeKey} is "${entry.access}": the handler's middleware refuses requests without CloudFront's origin secret, verifies the signed session cookie, the CSRF token and the access level; a Lambda authorizer would only repeat that check at the cost of a second invocation per request.`
          : 'The $default route only answers the 404 envelope for paths no route matches; it reads no data.',
      );
    }

    const resources = this.node.findAll().filter((c) => c instanceof CfnResource).length;
    if (resources >= MAX_TEMPLATE_RESOURCES) {
      throw new Error(
        `domain "${props.domain}" needs ${resources} resources (${props.routes.length} routes, ${roles.size} roles for its distinct grant sets); ` +
          `a template holds fewer than ${MAX_TEMPLATE_RESOURCES}: split functions/${props.domain}/`,
      );
    }
  }
}
