/**
 * The site's security headers, written once for both hosts: CloudFront's response headers
 * policy (infra/aws/cdn.ts) and the local gateway (infra/local/gateway.ts) send the same
 * Content-Security-Policy, built here, and differ only in the origins they pass in.
 *
 * Why each directive reads as it does:
 * - Scripts and styles come from the build's own files only. index.html has no inline script
 *   or style, the CSS is one Tailwind file, and React sets `style` props through the CSSOM
 *   (element.style), which CSP does not govern; so neither 'unsafe-inline' nor 'unsafe-eval'
 *   (the SPA validates with zod/mini, which never compiles parsers with eval; lint keeps classic zod out of it).
 * - Images: the site itself (the SPA's files and /images/*, the images bucket behind the same
 *   origin), `blob:` for the previews of photos picked for upload, the images bucket's own
 *   endpoint (photos of messages are shown through presigned GETs of its private prefix,
 *   which the CDN never serves), and the map tile servers.
 * - connect-src: the API (same origin), the images bucket's own endpoint (presigned PUT
 *   uploads go straight to it), the tile servers (map libraries that fetch their tiles), and
 *   the WebSocket endpoints (wss:) once live updates exist.
 * - media-src and frame-src: the hosts of the site's videos (the welcome video): a video file plays
 *   in <video> (media-src), a player page of a video service (YouTube's or Vimeo's embed) loads in
 *   an <iframe> (frame-src). One list, the stage's allowed video hosts, feeds both; none by default.
 * - No plugins, no foreign <base>, forms post to the site only, and no site may frame this one.
 */

export interface CspOrigins {
  /** The origin of the images bucket's endpoint that presigned uploads PUT to. */
  upload: string;
  /** Map tile servers (img-src, connect-src). */
  tiles: readonly string[];
  /** Hosts of audio and video: files (media-src) and embedded players (frame-src). */
  media: readonly string[];
  /** WebSocket endpoints, wss: (connect-src). */
  webSockets: readonly string[];
}

/** Tile servers allowed when a deployment names none (`-c cspTileOrigins=…`). */
export const DEFAULT_CSP_TILE_ORIGINS: readonly string[] = ['https://tile.openstreetmap.org'];
/** Media hosts allowed when a deployment names none (`-c cspMediaOrigins=…`). */
export const DEFAULT_CSP_MEDIA_ORIGINS: readonly string[] = [];

/**
 * The environment variables that hand the functions the origins the policy allows, so that
 * site settings naming an origin (functions/site-settings/origin-settings.ts) stay inside it.
 * Comma-separated origins; set but empty means none.
 */
export const CSP_ORIGINS_ENV = { tiles: 'CSP_TILE_ORIGINS', media: 'CSP_MEDIA_ORIGINS' } as const;

/**
 * A source as it may appear in a policy: no whitespace, `;`, `,` or quotes that would end the
 * source or the directive. Deploy-time placeholders (CDK tokens such as `${Token[…]}`) pass.
 */
function checkSource(source: string): string {
  if (!source || /[\s;,'"]/.test(source)) throw new Error(`"${source}" cannot be a Content-Security-Policy source`);
  return source;
}

/** The Content-Security-Policy header value, the same in both hosts apart from the origins. */
export function contentSecurityPolicy(origins: CspOrigins): string {
  const self = "'self'";
  const hosts = (...lists: (string | readonly string[])[]) => lists.flat().map(checkSource);
  const directives: [string, string[]][] = [
    ['default-src', [self]],
    ['script-src', [self]],
    ['style-src', [self]],
    ['img-src', [self, 'blob:', ...hosts(origins.upload, origins.tiles)]],
    ['font-src', [self]],
    ['connect-src', [self, ...hosts(origins.upload, origins.tiles, origins.webSockets)]],
    ['media-src', [self, ...hosts(origins.media)]],
    ['frame-src', [self, ...hosts(origins.media)]],
    ['object-src', ["'none'"]],
    ['base-uri', [self]],
    ['form-action', [self]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`).join('; ');
}

/** A DNS name with an optional port: nothing a policy or a URL could read another way. */
const HOST = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:\d{1,5})?$/i;

/**
 * Parses a list of origins (comma- or space-separated), each an origin of one of `schemes`
 * with nothing after it (a trailing `/` is dropped), and answers them in their canonical form.
 * `none` stands for the empty list. Throws naming `what` and the offending entry.
 */
export function parseOrigins(text: string, what: string, schemes: readonly ('https' | 'wss')[] = ['https']): string[] {
  const entries = text.split(/[\s,]+/).filter(Boolean);
  if (entries.length === 1 && entries[0] === 'none') return [];
  return [
    ...new Set(
      entries.map((entry) => {
        let url: URL;
        try {
          url = new URL(entry);
        } catch {
          throw new Error(`${what}: "${entry}" is not a URL; give origins such as ${schemes[0]}://example.org`);
        }
        const origin = `${url.protocol}//${url.host}`;
        const scheme = url.protocol.slice(0, -1);
        const bare = /^[a-z]+:\/\/[^/?#\\]+\/?$/i.test(entry) && HOST.test(url.host);
        if (!(schemes as readonly string[]).includes(scheme) || url.username || url.password || !bare) {
          throw new Error(`${what}: "${entry}" must be a bare ${schemes.join(' or ')} origin, such as ${schemes[0]}://example.org`);
        }
        return origin;
      }),
    ),
  ];
}

/** Whether `url` is an absolute URL, without credentials, on one of `origins`. */
export function isOnOrigins(url: string, origins: readonly string[]): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.username || parsed.password) return false;
  // `new URL` forgives what other parsers may read another way (backslashes, blanks, a missing
  // `//`): require the origin spelled out plainly.
  if (/[\s\\]/.test(url) || !/^[a-z][a-z0-9+.-]*:\/\/[^/?#]+/i.test(url)) return false;
  return origins.includes(`${parsed.protocol}//${parsed.host}`);
}

/**
 * The other security headers, the same in both hosts (CloudFront sends them through its typed
 * security headers and custom headers; test/infra/csp.test.ts holds them equal). HSTS is sent
 * by CloudFront only: browsers ignore it over the local host's plain HTTP.
 */
export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  // The legacy XSS auditor is off: it could be abused to blank parts of a page; the CSP protects instead.
  'x-xss-protection': '0',
  // The site asks for the device's position itself (location fields); nothing needs the rest.
  'permissions-policy': 'camera=(), microphone=(), payment=(), usb=(), geolocation=(self)',
  'cross-origin-opener-policy': 'same-origin',
} as const;

/** Strict-Transport-Security: two years, subdomains included; not preloaded (that is a separate commitment). */
export const HSTS = { maxAgeSeconds: 2 * 365 * 24 * 60 * 60, includeSubDomains: true } as const;
