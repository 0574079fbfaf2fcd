/**
 * Turns a route table entry and its handler's `main` into a Lambda handler. The middleware runs
 * the checks in the order of docs/api.md: in the cloud the origin secret (403) → client-platform
 * header (400, unless the route is exempt) → body parses (400/415, 413 when too large; a form body only where the route takes one)
 * → session where required (401) → csrf_token on mutating calls with a session (403) → access
 * level (403) → on admin routes, the live admin check (401 for an ended session, 403 for an
 * account suspended or demoted since its token was issued) → input schema (400); ownership is the
 * handler's, after validation.
 */
import { randomUUID } from 'node:crypto';
import middy from '@middy/core';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { isRaw, type ParsedInputOf, type RouteContract } from '../../shared/contract/route';
import { HttpError } from './errors';
import { withLogContext } from './logger';
import { rawSuccess, Reply, success, type HttpResult } from './http';
import { accessLevel } from './middleware/access';
import { csrfCheck } from './middleware/csrf';
import { errorEnvelope } from './middleware/errors';
import { jsonBody } from './middleware/json-body';
import { originGuard } from './middleware/origin';
import { clientPlatform } from './middleware/platform';
import { requestLog } from './middleware/request-log';
import { sessionFromCookie } from './middleware/session';
import type { RouteContext } from './middleware/types';
import { validateInput } from './middleware/validate';
import { routeKey, type Main, type RouteDef, type SessionFor } from './route-types';
import type { Session } from './session/token';

export type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<HttpResult>;

export interface WrapOptions {
  /**
   * Admin routes: `assertLiveAdmin` (functions/lib/session/live.ts). It is handed in by the
   * route's entry module rather than imported here, so that the bundles of other routes do not
   * carry the database client; an admin route without it refuses to load.
   */
  liveAdmin?: (session: Session) => Promise<void>;
  /**
   * Routes that read the table: `unverifiedSessionIsLive` (functions/lib/session/live.ts), handed
   * in like liveAdmin. A route without it (one with no table grant, which has no use for an
   * account) reads a token whose address is not verified yet as no session at all.
   */
  liveSession?: (session: Session) => Promise<boolean>;
}

export function wrap<C extends RouteContract>(route: RouteDef<C>, main: Main<C>, opts: WrapOptions = {}): LambdaHandler {
  const { liveAdmin, liveSession } = opts;
  if (route.access === 'admin' && !liveAdmin) throw new Error(`${routeKey(route)} is an admin route: wrap it with the live admin check`);
  const checks = middy<APIGatewayProxyEventV2, HttpResult, Error, RouteContext>()
    .use(requestLog(routeKey(route)))
    .use(errorEnvelope())
    .use(originGuard())
    .use(clientPlatform(route.platformExempt === true))
    .use(jsonBody({ form: route.formBody === true }))
    .use(sessionFromCookie(route.access, liveSession))
    .use(csrfCheck(route.csrfExempt === true))
    .use(accessLevel(route.access));
  if (liveAdmin) checks.use({ before: (request) => liveAdmin(request.context.route.session!) });
  const handler = checks
    .use(validateInput(route.input))
    .handler(async (event, context) => {
      const state = context.route;
      const out: unknown = await main({
        input: state.input as ParsedInputOf<C>,
        // The access-level middleware has refused guests on every route that is not public.
        session: state.session as SessionFor<C['access']>,
        event,
        clientIp: state.clientIp,
      });
      const answer = out instanceof Reply ? out : new Reply(out);
      const status = answer.options.status ?? route.status ?? 200;
      if (isRaw(route.output)) return rawSuccess(String(answer.data), route.output.contentType, status, answer.options);
      return success(answer.data, status, answer.options);
    });
  return withRequestContext(handler as unknown as LambdaHandler);
}

/**
 * Runs each request with its log context: API Gateway's request id (a fresh one when there is
 * none) and whether it is this handler's first request, a cold start in the cloud (one route per
 * Lambda, one request at a time per instance).
 */
function withRequestContext(handler: LambdaHandler): LambdaHandler {
  let warm = false;
  return (event, context) => {
    const coldStart = !warm;
    warm = true;
    return withLogContext({ requestId: event.requestContext?.requestId || randomUUID(), coldStart }, () => handler(event, context));
  };
}

/** The `$default` route: whatever no route matches gets the 404 envelope (after the header check). */
export function notFoundHandler(): LambdaHandler {
  const handler = middy<APIGatewayProxyEventV2, HttpResult, Error, RouteContext>()
    .use(requestLog('$default'))
    .use(errorEnvelope())
    .use(originGuard())
    .use(clientPlatform())
    .handler(async (event) => {
      throw new HttpError(404, 'not_found', `No route ${event.requestContext.http.method} ${event.rawPath}`);
    });
  return withRequestContext(handler as unknown as LambdaHandler);
}
