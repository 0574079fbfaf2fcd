/**
 * One structured log line per request: route, status, duration; never bodies or cookies. Like
 * every line of the request it carries the request id and the cold-start flag (functions/lib/wrap.ts),
 * and the answer carries the id as `x-request-id`, for a member's report to lead to the logs.
 */
import { logContext, logger } from '../logger';
import type { Middleware, RouteRequest } from './types';

/** The header that tells the client the request's id. */
export const REQUEST_ID_HEADER = 'x-request-id';

function line(request: RouteRequest, routeKey: string): void {
  const id = logContext()?.requestId;
  if (id && request.response) request.response.headers = { ...request.response.headers, [REQUEST_ID_HEADER]: id };
  const status = request.response?.statusCode ?? 500;
  const fields = {
    route: routeKey,
    path: request.event.rawPath,
    status,
    ms: Date.now() - request.context.route.startedAt,
    user: request.context.route.session?.userId,
  };
  if (status >= 500) logger.error('request', fields);
  else logger.info('request', fields);
}

export function requestLog(routeKey: string): Middleware {
  return {
    before: (request) => {
      request.context.route = { session: null, body: {}, input: undefined, clientIp: '', startedAt: Date.now() };
    },
    after: (request) => line(request, routeKey),
    // Used before errorEnvelope, so its onError runs after the envelope is set.
    onError: (request) => line(request, routeKey),
  };
}
