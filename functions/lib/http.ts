/** Answers in the envelope of docs/api.md, as API Gateway HTTP API (payload 2.0) results. */
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { ApiErrorBody } from '../../shared/api';

export type HttpResult = APIGatewayProxyStructuredResultV2 & {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
};

const BASE_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

export function success(data: unknown, statusCode = 200, extra: { headers?: Record<string, string>; cookies?: string[] } = {}): HttpResult {
  return {
    statusCode,
    headers: { ...BASE_HEADERS, ...extra.headers },
    ...(extra.cookies?.length ? { cookies: extra.cookies } : {}),
    body: JSON.stringify({ status: 'success', data: data ?? null }),
  };
}

export function failure(statusCode: number, error: ApiErrorBody, headers: Record<string, string> = {}, cookies: string[] = []): HttpResult {
  return {
    statusCode,
    headers: { ...BASE_HEADERS, ...headers },
    ...(cookies.length ? { cookies } : {}),
    body: JSON.stringify({ status: 'error', error }),
  };
}

/** What a handler may return instead of plain data: a status, cookies or headers of its own. */
export interface ReplyOptions {
  status?: number;
  cookies?: string[];
  headers?: Record<string, string>;
}

export class Reply<T = unknown> {
  constructor(
    readonly data: T,
    readonly options: ReplyOptions = {},
  ) {}
}

export function reply<T>(data: T, options: ReplyOptions = {}): Reply<T> {
  return new Reply(data, options);
}

/** A raw (non-JSON) success: the body as is, with its content type. */
export function rawSuccess(body: string, contentType: string, statusCode = 200, extra: { headers?: Record<string, string>; cookies?: string[] } = {}): HttpResult {
  return {
    statusCode,
    headers: { ...BASE_HEADERS, 'content-type': contentType, ...extra.headers },
    ...(extra.cookies?.length ? { cookies: extra.cookies } : {}),
    body,
  };
}
