/** The state middleware hands to the next one and to the handler. */
import type { Request } from '@middy/core';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import type { HttpResult } from '../http';
import type { Session } from '../session/token';

export interface RouteState {
  session: Session | null;
  /** The parsed JSON body (objects only), before validation. */
  body: Record<string, unknown>;
  input: unknown;
  clientIp: string;
  startedAt: number;
}

export type RouteContext = Context & { route: RouteState };
export type RouteRequest = Request<APIGatewayProxyEventV2, HttpResult, Error, RouteContext>;
export type Middleware = {
  before?: (request: RouteRequest) => Promise<void> | void;
  after?: (request: RouteRequest) => Promise<void> | void;
  onError?: (request: RouteRequest) => Promise<void> | void;
};
