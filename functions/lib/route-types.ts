/** The shape of a route table entry and of the handler function it names. */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { AccessLevel } from '../../shared/api';
import type { AnswerOf, ParsedInputOf, RouteContract } from '../../shared/contract/route';
import type { Reply } from './http';
import type { Session } from './session/token';

export { routeKey } from '../../shared/contract/route';

/**
 * What a route's Lambda may touch; the CDK stack grants exactly these. `images:*` are the images
 * bucket's public prefix (`images/`, served by the CDN); `private:*` its private prefix
 * (`private/`, never served: functions/lib/private-objects.ts); `export:start` invokes the export
 * job (functions/exports/).
 */
export type Grant = 'table:read' | 'table:write' | 'images:read' | 'images:write' | 'private:read' | 'private:write' | 'export:start' | 'mail' | 'sms';

/** A route's contract (shared/contract/) with what only the server needs. */
export type RouteDef<C extends RouteContract = RouteContract> = C & {
  /** Module under functions/ (without extension) whose `main` handles the route. */
  readonly handler: string;
  readonly grants: readonly Grant[];
  readonly memoryMb?: number;
  readonly timeoutSeconds?: number;
};

/**
 * A route of THE table (functions/routes.ts): its domain table's row with the nested stack of the
 * cloud host it lives in (infra/aws/api.ts). The stack is named where the tables are assembled,
 * never derived from where the handler's file sits: a kept stage retains each route's stack and
 * log group, so a handler can move without its route moving.
 */
export type StackedRoute<C extends RouteContract = RouteContract> = RouteDef<C> & { readonly stack: string };

/** Whether a route reads or writes the table (and so is handed `liveSession`, functions/lib/wrap.ts). */
export function readsTable(route: Pick<RouteDef, 'grants'>): boolean {
  return route.grants.some((grant) => grant.startsWith('table:'));
}

/** The session a handler receives: guests reach only public routes. */
export type SessionFor<A extends AccessLevel> = A extends 'public' ? Session | null : Session;

export interface HandlerContext<I, S extends Session | null = Session | null> {
  input: I;
  /** The verified session; null only on public routes read by a guest. */
  session: S;
  event: APIGatewayProxyEventV2;
  /** The viewer's IP: CloudFront-Viewer-Address without its port in the cloud, the socket locally. */
  clientIp: string;
}

/**
 * A route's handler: parse and authorisation are done; it calls the domain and answers with
 * the route's output (checked here by the compiler, and against the schema by the API tests).
 */
export type Main<C extends RouteContract> = (
  ctx: HandlerContext<ParsedInputOf<C>, SessionFor<C['access']>>,
) => Promise<AnswerOf<C> | Reply<AnswerOf<C>>>;
