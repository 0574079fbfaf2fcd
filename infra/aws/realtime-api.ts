/**
 * Live delivery's endpoint in the cloud: an API Gateway WebSocket API with one stage (`live`,
 * throttled, with access logs) and the routes of infra/aws/jobs.ts SOCKET_JOBS, each answered by
 * its own Lambda built like the other jobs (its bundle, log group and role: infra/aws/scheduled-jobs.ts):
 *   - `$connect` checks the handshake's origin (the site's, SITE_ORIGIN, or none), uses up the
 *     one-time ticket it carries, checks the ticket's session and stores the connection; any other
 *     handshake is refused (403 or 401) before the socket opens;
 *   - `$disconnect` forgets the connection;
 *   - `$default` answers a ping with a pong.
 * The browser learns the stage's `wss://` URL from POST /api/iam/realtime/ticket (REALTIME_URL),
 * and the Content-Security-Policy's connect-src allows its origin (infra/aws/cdn.ts). Frames are
 * posted to connections through the stage's callback URL by the stream's dispatcher
 * (infra/aws/stream-jobs.ts) and by `$default`, which alone may post (ManageConnections on this
 * stage's connections); the dispatcher alone may close a connection, when its item is removed.
 *
 * No authorizer: the ticket is the handshake's authorization, checked by `$connect` itself
 * (functions/realtime/tickets.ts); a Lambda authorizer would only move the same check.
 */
import { Aws, type RemovalPolicy } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { JobBundle } from './bundle';
import { checkJob, type SocketJobDef } from './jobs';
import { APP_NAME, pascal } from './naming';
import { acknowledge } from './nag';
import { jobBundle, jobFunction, type JobStageProps, type SocketsAccess } from './scheduled-jobs';

/** The WebSocket API's one stage: the last segment of its URLs. */
export const SOCKET_STAGE = 'live';

/** Messages per second (steady / burst) the stage accepts from all clients before refusing them. */
const SOCKET_THROTTLE = { rateLimit: 100, burstLimit: 200 };
/**
 * Handshakes per second (steady / burst) the stage accepts on `$connect`, from all clients: it
 * bounds what a flood of handshakes costs (a Lambda invocation and a ticket lookup each; only one
 * with a live ticket goes on to two session reads and two counts of the member's sockets). It is
 * the stage's, not a client's: anyone can use it up without a ticket, so it is set well above the
 * site's real rate of new sockets (one per member per tab opened), and a flood that uses it up
 * delays live updates, never the site itself (docs/operations.md). WAF cannot sit in front of a
 * WebSocket API.
 */
export const CONNECT_THROTTLE = { rateLimit: 50, burstLimit: 100 };

export interface RealtimeApiProps extends Omit<JobStageProps, 'sockets'> {
  jobs: readonly SocketJobDef[];
  bundles: readonly JobBundle[];
  /** The access log group's removal policy. */
  keep: RemovalPolicy;
}

export class RealtimeApi extends Construct {
  readonly api: apigwv2.WebSocketApi;
  readonly stage: apigwv2.WebSocketStage;
  /** `wss://<api>.execute-api.<region>.<suffix>/live`: where browsers open their socket (REALTIME_URL). */
  readonly url: string;
  /** `wss://<api>.execute-api.<region>.<suffix>`: the origin the CSP's connect-src allows. */
  readonly origin: string;
  /** What a job that posts frames needs: the callback URL and the ARN of the stage's connections. */
  readonly sockets: SocketsAccess;
  readonly functions = new Map<string, lambda.Function>();
  readonly roles = new Map<string, iam.Role>();
  private readonly jobs: readonly SocketJobDef[];

  constructor(scope: Construct, id: string, props: RealtimeApiProps) {
    super(scope, id);
    this.jobs = props.jobs;
    this.api = new apigwv2.WebSocketApi(this, 'Api', {
      apiName: `${APP_NAME}-${props.stage}-sockets`,
      description: `${APP_NAME} ${props.stage}: live delivery of messages, notifications and tallies; a socket opens only with a one-time ticket`,
    });
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      logGroupName: `/aws/apigateway/${APP_NAME}/${props.stage}/sockets`,
      retention: props.logRetention,
      removalPolicy: props.keep,
    });
    this.stage = new apigwv2.WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: SOCKET_STAGE,
      autoDeploy: true,
      throttle: SOCKET_THROTTLE,
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        // No frames, no query strings (the handshake's ticket), no source address.
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            eventType: '$context.eventType',
            routeKey: '$context.routeKey',
            connectionId: '$context.connectionId',
            status: '$context.status',
            integrationError: '$context.integrationErrorMessage',
          }),
        ),
      },
    });
    const host = `${this.api.apiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`;
    this.origin = `wss://${host}`;
    this.url = `${this.origin}/${SOCKET_STAGE}`;
    this.sockets = {
      callbackUrl: `https://${host}/${SOCKET_STAGE}`,
      // Posting a frame is POST @connections/{id}, closing a connection DELETE; nothing reads one.
      connectionsArn: (method) => `arn:${Aws.PARTITION}:execute-api:${Aws.REGION}:${Aws.ACCOUNT_ID}:${this.api.apiId}/${SOCKET_STAGE}/${method}/@connections/*`,
    };

    for (const def of props.jobs) {
      const job = checkJob(def);
      const cid = pascal(job.name);
      const { fn, role } = jobFunction(this, job, jobBundle(props.bundles, job.name), { ...props, sockets: this.sockets });
      const route = this.api.addRoute(job.routeKey, { integration: new WebSocketLambdaIntegration(`${cid}Integration`, fn) });
      acknowledge(
        route,
        'AwsSolutions-APIG4',
        job.routeKey === '$connect'
          ? 'The handshake is authorised by its one-time ticket, which the $connect function uses up (a conditional delete) before it stores the connection; a Lambda authorizer would make the same check in a second invocation.'
          : `${job.routeKey} runs only on a connection that $connect accepted with a live ticket; WebSocket APIs authorise at $connect only.`,
      );
      this.functions.set(job.routeKey, fn);
      this.roles.set(job.routeKey, role);
      if (job.routeKey === '$connect') {
        // A throttle of the route's own, tighter than the stage's: the stage names the route, so it is made after it.
        const cfnStage = this.stage.node.defaultChild as apigwv2.CfnStage;
        // A JSON property: CloudFormation's own key names.
        cfnStage.routeSettings = { $connect: { ThrottlingRateLimit: CONNECT_THROTTLE.rateLimit, ThrottlingBurstLimit: CONNECT_THROTTLE.burstLimit } };
        cfnStage.addDependency(route.node.defaultChild as apigwv2.CfnRoute);
      }
    }
  }

  /**
   * Tells the functions that check a handshake's origin which origin is the site's (SITE_ORIGIN):
   * known only once CloudFront exists, whose policy itself names this API's origin.
   */
  useSiteOrigin(origin: string): void {
    for (const def of this.jobs) {
      if (def.access.siteOrigin) this.functions.get(def.routeKey)!.addEnvironment('SITE_ORIGIN', origin);
    }
  }
}
