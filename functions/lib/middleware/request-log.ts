/** One structured log line per request: route, status, duration; never bodies or cookies. */
import { logger } from '../logger';
import type { Middleware, RouteRequest } from './types';

function line(request: RouteRequest, routeKey: string): void {
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
