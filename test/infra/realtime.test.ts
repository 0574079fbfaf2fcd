/**
 * Live delivery in the cloud, on the synthesised stages: a WebSocket API whose `$connect`,
 * `$disconnect` and `$default` routes each invoke their own Lambda (from its own bundle, with a
 * role allowed exactly what its handler does), a throttled stage with access logs, `$connect`
 * knowing the site's origin, the ticket route handing out the stage's `wss://` URL, the CSP
 * letting the page connect to it, only the stream's dispatcher and `$default` allowed to post to
 * this API's connections, and only the dispatcher allowed to close them.
 */
import type { CfnElement } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { routeKey } from '../../functions/lib/route-types';
import { routes } from '../../functions/routes';
import { SOCKET_JOBS } from '../../infra/aws/jobs';
import { REALTIME_TICKET_ROUTE } from '../../infra/aws/api';
import { CONNECT_THROTTLE, SOCKET_STAGE } from '../../infra/aws/realtime-api';
import { jobLogGroupName } from '../../infra/aws/scheduled-jobs';
import { synthesisedStages } from './synth-fixture';
import { actionsOf, fromParent, lambdaOf, ofType, roleIdOf, roleStatements, type Resource, type StageView } from './template-view';

const synth = synthesisedStages();

const apiIdOf = (v: StageView) => v.stack.getLogicalId(v.stack.realtime.api.node.defaultChild as CfnElement);
const region = { Ref: 'AWS::Region' };
const suffix = { Ref: 'AWS::URLSuffix' };
/** `wss://<api>.execute-api.<region>.<suffix>/live`, as CloudFormation spells it. */
const wssUrl = (apiId: string) => ({ 'Fn::Join': ['', ['wss://', { Ref: apiId }, '.execute-api.', region, '.', suffix, `/${SOCKET_STAGE}`]] });
const connectionsArn = (apiId: string, method = 'POST') => ({
  'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':execute-api:', region, ':', { Ref: 'AWS::AccountId' }, ':', { Ref: apiId }, `/${SOCKET_STAGE}/${method}/@connections/*`]],
});

/** A CloudFormation string (literal or Fn::Join of literals and Refs) with each Ref written `${Name}`. */
function flatten(value: unknown): string {
  if (typeof value === 'string') return value;
  const v = value as { Ref?: string; 'Fn::Join'?: [string, unknown[]] };
  if (v.Ref) return `\${${v.Ref}}`;
  if (v['Fn::Join']) return v['Fn::Join'][1].map(flatten).join(v['Fn::Join'][0]);
  throw new Error(`cannot flatten ${JSON.stringify(value)}`);
}

/** The socket route `key` → its integration → its Lambda, in the parent template. */
function socketRoute(v: StageView, key: string): { route: Resource; integration: Resource; fnId: string; fn: Resource } {
  const found = ofType(v.parent, 'AWS::ApiGatewayV2::Route').filter(([, r]) => r.Properties.RouteKey === key);
  expect(found, key).toHaveLength(1);
  const route = found[0]![1];
  expect(route.Properties.ApiId).toEqual({ Ref: apiIdOf(v) });
  const target = route.Properties.Target['Fn::Join'][1];
  expect(target[0]).toBe('integrations/');
  const integration = v.parent[target[1].Ref as string]!;
  expect(integration.Type).toBe('AWS::ApiGatewayV2::Integration');
  const uri = JSON.stringify(integration.Properties.IntegrationUri);
  const fns = ofType(v.parent, 'AWS::Lambda::Function').filter(([id]) => uri.includes(`"${id}"`));
  expect(fns, `${key} integrates one function`).toHaveLength(1);
  const [fnId, fn] = fns[0]!;
  return { route, integration, fnId, fn };
}

describe('the WebSocket API', () => {
  it('exists once per stage, with one auto-deployed, throttled stage (handshakes more tightly) that writes access logs without the handshake\'s query string', () => {
    for (const v of synth.stages) {
      const apis = ofType(v.parent, 'AWS::ApiGatewayV2::Api').filter(([, a]) => a.Properties.ProtocolType === 'WEBSOCKET');
      expect(apis.map(([id]) => id)).toEqual([apiIdOf(v)]);
      const stages = ofType(v.parent, 'AWS::ApiGatewayV2::Stage').filter(([, s]) => s.Properties.ApiId?.Ref === apiIdOf(v));
      expect(stages).toHaveLength(1);
      const stage = stages[0]![1].Properties;
      expect(stage).toMatchObject({ StageName: SOCKET_STAGE, AutoDeploy: true });
      expect(stage.DefaultRouteSettings.ThrottlingRateLimit).toBeGreaterThan(0);
      expect(stage.DefaultRouteSettings.ThrottlingBurstLimit).toBeGreaterThan(0);
      // Handshakes have a throttle of their own, tighter than the stage's, on a route the stage waits for.
      expect(stage.RouteSettings).toEqual({ $connect: { ThrottlingRateLimit: CONNECT_THROTTLE.rateLimit, ThrottlingBurstLimit: CONNECT_THROTTLE.burstLimit } });
      expect(CONNECT_THROTTLE.rateLimit).toBeLessThan(stage.DefaultRouteSettings.ThrottlingRateLimit);
      const connectRoute = ofType(v.parent, 'AWS::ApiGatewayV2::Route').find(([, r]) => r.Properties.RouteKey === '$connect');
      expect((stages[0]![1] as { DependsOn?: string[] }).DependsOn).toContain(connectRoute![0]);
      const group = v.parent[stage.AccessLogSettings.DestinationArn['Fn::GetAtt'][0] as string]!;
      expect(group.Type).toBe('AWS::Logs::LogGroup');
      expect(group.Properties.RetentionInDays).toBeGreaterThan(0);
      expect(stage.AccessLogSettings.Format).not.toMatch(/querystring|ticket|sourceIp/i);
    }
  });

  it('has exactly $connect, $disconnect and $default, each a Lambda proxy integration of its own Node 22 arm64 function and bundle', () => {
    for (const v of synth.stages) {
      const keys = ofType(v.parent, 'AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties.RouteKey as string);
      expect(keys.sort()).toEqual(['$connect', '$default', '$disconnect']);
      const fnIds = new Set<string>();
      for (const job of SOCKET_JOBS) {
        const { integration, fnId, fn } = socketRoute(v, job.routeKey);
        expect(integration.Properties.IntegrationType).toBe('AWS_PROXY');
        expect(fn.Properties).toMatchObject({ Runtime: 'nodejs22.x', Architectures: ['arm64'], Handler: 'index.handler', MemorySize: job.memoryMb, Timeout: job.timeoutSeconds });
        expect(fn.Properties.Description).toContain(`job ${job.name}:`);
        const bundle = synth.fx.bundles.jobs.find((b) => b.name === job.name);
        expect(bundle, job.name).toBeDefined();
        const logs = v.parent[fn.Properties.LoggingConfig.LogGroup.Ref as string]!;
        expect(logs.Properties.LogGroupName).toBe(jobLogGroupName(v.name, job.name));
        // API Gateway may invoke it, from this API only.
        const permissions = ofType(v.parent, 'AWS::Lambda::Permission').filter(([, p]) => p.Properties.FunctionName?.['Fn::GetAtt']?.[0] === fnId);
        expect(permissions.length).toBeGreaterThan(0);
        for (const [, p] of permissions) {
          expect(p.Properties.Principal).toBe('apigateway.amazonaws.com');
          expect(JSON.stringify(p.Properties.SourceArn)).toContain(`"${apiIdOf(v)}"`);
        }
        fnIds.add(fnId);
      }
      expect(fnIds.size).toBe(3);
    }
  });

  it('runs the handlers of functions/realtime/', () => {
    expect(Object.fromEntries(SOCKET_JOBS.map((j) => [j.routeKey, j.handler]))).toEqual({
      $connect: 'realtime/connect',
      $disconnect: 'realtime/disconnect',
      $default: 'realtime/default',
    });
  });

  it('gives each route\'s function a role of its own: $connect deletes the ticket, reads the session and account, and puts (or deletes) the connection, $disconnect deletes it, $default only posts to this API\'s connections', () => {
    const expected: Record<string, string[]> = {
      $connect: ['dynamodb:DeleteItem', 'dynamodb:GetItem', 'dynamodb:PutItem'],
      $disconnect: ['dynamodb:DeleteItem'],
      $default: ['execute-api:ManageConnections'],
    };
    for (const v of synth.stages) {
      const [tableId] = ofType(v.parent, 'AWS::DynamoDB::Table')[0]!;
      for (const job of SOCKET_JOBS) {
        const { fnId, fn } = socketRoute(v, job.routeKey);
        const roleId = roleIdOf(fn);
        const users = ofType(v.parent, 'AWS::Lambda::Function').filter(([, f]) => f.Properties.Role?.['Fn::GetAtt']?.[0] === roleId);
        expect(users.map(([id]) => id)).toEqual([fnId]);
        expect(v.parent[roleId]!.Properties.ManagedPolicyArns).toBeUndefined();
        const statements = roleStatements(v.parent, roleId);
        const actions = [...actionsOf(statements)].filter((a) => !a.startsWith('logs:')).sort();
        expect(actions, job.routeKey).toEqual(expected[job.routeKey]);
        for (const st of statements.filter((s) => ([] as string[]).concat(s.Action).some((a) => a.startsWith('dynamodb:')))) {
          expect(st.Resource).toEqual({ 'Fn::GetAtt': [tableId, 'Arn'] });
        }
        const sockets = statements.find((s) => s.Sid === 'Sockets');
        if (job.routeKey === '$default') expect(sockets.Resource).toEqual(connectionsArn(apiIdOf(v)));
        else expect(sockets).toBeUndefined();
        const env = fn.Properties.Environment.Variables;
        expect(env.TABLE_NAME).toEqual({ Ref: tableId });
        if (job.routeKey === '$default') expect(flatten(env.REALTIME_CALLBACK_URL)).toBe(`https://\${${apiIdOf(v)}}.execute-api.\${AWS::Region}.\${AWS::URLSuffix}/${SOCKET_STAGE}`);
        else expect(env.REALTIME_CALLBACK_URL).toBeUndefined();
        // $connect refuses a browser handshake from any other origin than the site's.
        if (job.routeKey === '$connect') expect(env.SITE_ORIGIN).toEqual(v.name === 'prod' ? 'https://leafline.example.org' : v.parentJson.Outputs.SiteUrl.Value);
        else expect(env.SITE_ORIGIN).toBeUndefined();
      }
    }
  });

  it('lets only $default and the stream\'s dispatcher post to connections, only the dispatcher close them, and only on this API\'s stage', () => {
    for (const v of synth.stages) {
      const managing = Object.fromEntries(
        ofType(v.parent, 'AWS::IAM::Role')
          .filter(([roleId]) => actionsOf(roleStatements(v.parent, roleId)).has('execute-api:ManageConnections'))
          .map(([roleId]) => {
            const fns = ofType(v.parent, 'AWS::Lambda::Function').filter(([, f]) => f.Properties.Role?.['Fn::GetAtt']?.[0] === roleId);
            expect(fns).toHaveLength(1);
            const statement = roleStatements(v.parent, roleId).filter((s) => ([] as string[]).concat(s.Action).includes('execute-api:ManageConnections'));
            return [String(fns[0]![1].Properties.Description).match(/job ([a-z-]+):/)![1], statement.map((s) => s.Resource)];
          }),
      );
      expect(managing).toEqual({
        'socket-default': [connectionsArn(apiIdOf(v))],
        'stream-dispatch': [[connectionsArn(apiIdOf(v), 'DELETE'), connectionsArn(apiIdOf(v))]],
      });
      // No route of the HTTP API may.
      for (const [, nested] of v.nested) {
        for (const [roleId] of ofType(nested.resources, 'AWS::IAM::Role')) {
          expect(actionsOf(roleStatements(nested.resources, roleId)).has('execute-api:ManageConnections')).toBe(false);
        }
      }
    }
  });
});

describe('the ticket route', () => {
  const ticketRoute = routes.find((r) => routeKey(r) === REALTIME_TICKET_ROUTE)!;

  it('answers the stage\'s wss:// URL (REALTIME_URL), and no other route gets it', () => {
    expect(ticketRoute).toBeDefined();
    for (const v of synth.stages) {
      const { fn, nested } = lambdaOf(v, ticketRoute.stack, routeKey(ticketRoute));
      // The nested template receives each reference of the URL as a parameter from the parent.
      const url = fn.Properties.Environment.Variables.REALTIME_URL as { 'Fn::Join': [string, unknown[]] };
      const inParent = { 'Fn::Join': [url['Fn::Join'][0], url['Fn::Join'][1].map((part) => fromParent(part, nested.params))] };
      expect(inParent).toEqual(wssUrl(apiIdOf(v)));
      for (const [, other] of v.nested) {
        const withUrl = ofType(other.resources, 'AWS::Lambda::Function').filter(([, f]) => f.Properties.Environment?.Variables?.REALTIME_URL);
        for (const [, f] of withUrl) expect(f.Properties.Description).toBe(routeKey(ticketRoute));
      }
    }
  });
});

describe('the Content-Security-Policy', () => {
  it('lets the page connect to the WebSocket API\'s origin (connect-src)', () => {
    for (const v of synth.stages) {
      const policies = ofType(v.parent, 'AWS::CloudFront::ResponseHeadersPolicy');
      expect(policies.length).toBeGreaterThan(0);
      for (const [, policy] of policies) {
        const csp = flatten(policy.Properties.ResponseHeadersPolicyConfig.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy);
        const connect = csp.split('; ').find((d) => d.startsWith('connect-src '))!;
        expect(connect.split(' ')).toContain(`wss://\${${apiIdOf(v)}}.execute-api.\${AWS::Region}.\${AWS::URLSuffix}`);
      }
    }
  });
});
