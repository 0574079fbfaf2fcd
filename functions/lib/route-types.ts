/** The shape of a route table entry and of the handler function it names. */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type * as z from 'zod';
import type { AccessLevel, HttpMethod } from '../../shared/api';
import type { Reply } from './http';
import type { Session } from './session/token';

/** What a route's Lambda may touch; the CDK stack grants exactly these. */
export type Grant = 'table:read' | 'table:write' | 'images:read' | 'images:write' | 'mail' | 'sms';

export interface RouteDef<S extends z.ZodType = z.ZodType> {
  method: HttpMethod;
  /** The full path as API Gateway spells it, `{name}` for parameters, never a trailing slash. */
  path: string;
  access: AccessLevel;
  /** Module under functions/ (without extension) whose `main` handles the route. */
  handler: string;
  /** Validates the merged path parameters and query string (GET) or JSON body (others). */
  input: S;
  summary: string;
  grants: Grant[];
  /**
   * Account-entry calls made before a session exists (signup, login, reset, verify) and logout
   * skip the CSRF check; every other mutating call with a session requires it.
   */
  csrfExempt?: boolean;
  memoryMb?: number;
  timeoutSeconds?: number;
}

export interface HandlerContext<I> {
  input: I;
  /** The verified session, or null on public routes read by a guest. */
  session: Session | null;
  event: APIGatewayProxyEventV2;
  /** The viewer's IP: CloudFront-Viewer-Address without its port in the cloud, the socket locally. */
  clientIp: string;
}

/** A route's handler: parse and authorisation are done; it calls the domain and answers. */
export type Main<S extends z.ZodType> = (ctx: HandlerContext<z.output<S>>) => Promise<unknown | Reply>;

/** The route key API Gateway uses: `METHOD /path`. */
export function routeKey(route: Pick<RouteDef, 'method' | 'path'>): string {
  return `${route.method} ${route.path}`;
}
