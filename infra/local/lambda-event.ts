/** Builds API Gateway HTTP API payload 2.0 events from node:http requests, as the cloud does. */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/** Headers a viewer must not be able to forge locally (in the cloud CloudFront sets them). */
const UNTRUSTED = /^(cloudfront-|x-origin-verify$|x-forwarded-)/;

export function toEvent(
  req: IncomingMessage,
  body: Buffer,
  routeKey: string,
  pathParameters: Record<string, string> | undefined,
): APIGatewayProxyEventV2 {
  const url = new URL(req.url ?? '/', 'http://local');
  const rawPath = url.pathname;
  const rawQueryString = url.search.replace(/^\?/, '');

  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === 'cookie' || UNTRUSTED.test(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  const cookies = (req.headers.cookie ?? '')
    .split(/;\s*/)
    .filter(Boolean);

  // Own keys only, as API Gateway's JSON gives them: `?__proto__=x` is a key like any other, and
  // a repeated key joins its values with commas.
  const query: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const [k, v] of url.searchParams) query[k] = Object.hasOwn(query, k) ? `${query[k]},${v}` : v;

  const contentType = headers['content-type'] ?? '';
  const textual = body.length === 0 || /^(application\/([\w.+-]*\+)?json|text\/|application\/x-www-form-urlencoded)/i.test(contentType);
  const now = new Date();
  const sourceIp = (req.socket.remoteAddress ?? '127.0.0.1').replace(/^::ffff:/, '');

  return {
    version: '2.0',
    routeKey,
    rawPath,
    rawQueryString,
    ...(cookies.length ? { cookies } : {}),
    headers,
    ...(Object.keys(query).length ? { queryStringParameters: query } : {}),
    ...(pathParameters && Object.keys(pathParameters).length ? { pathParameters } : {}),
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: req.method ?? 'GET',
        path: rawPath,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp,
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(body.length ? { body: textual ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: body.length > 0 && !textual,
  };
}
