/**
 * In the cloud CloudFront adds a secret header; the API refuses requests without it, so nobody
 * can bypass CloudFront through the execute-api URL and forge viewer headers. It also resolves
 * the client IP: CloudFront-Viewer-Address without its port behind CloudFront, else the socket.
 * The secret is read once per container (functions/lib/secrets.ts); a wrong header makes the
 * guard read it again at most once a minute, so a rotated secret is followed without a cold start.
 */
import { timingSafeEqual } from 'node:crypto';
import { forbidden } from '../errors';
import { hasOriginSecret, originSecret } from '../secrets';
import type { Middleware } from './types';

export const ORIGIN_SECRET_HEADER = 'x-origin-verify';

/** How old a held secret must be before a refused header makes the guard read it again. */
const REREAD_AFTER_MS = 60_000;

/** Whether requests are checked for the origin secret here, i.e. viewer headers come from CloudFront. */
export const originChecked = hasOriginSecret;

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** `203.0.113.5:4431` → `203.0.113.5`; `[2001:db8::1]:443` or `2001:db8::1:443` → the address. */
export function stripPort(viewerAddress: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(viewerAddress);
  if (bracketed?.[1]) return bracketed[1];
  const idx = viewerAddress.lastIndexOf(':');
  return idx > 0 ? viewerAddress.slice(0, idx) : viewerAddress;
}

export function originGuard(): Middleware {
  return {
    before: async (request) => {
      const secret = await originSecret();
      const headers = request.event.headers ?? {};
      if (secret) {
        const given = headers[ORIGIN_SECRET_HEADER];
        if (!given) throw forbidden('Requests must come through the site');
        if (!sameSecret(given, secret)) {
          const current = await originSecret({ refreshOlderThanMs: REREAD_AFTER_MS });
          if (!current || !sameSecret(given, current)) throw forbidden('Requests must come through the site');
        }
        const viewer = headers['cloudfront-viewer-address'];
        request.context.route.clientIp = viewer ? stripPort(viewer) : request.event.requestContext.http.sourceIp;
      } else {
        request.context.route.clientIp = request.event.requestContext.http.sourceIp;
      }
    },
  };
}
