/**
 * A guest's place from CloudFront's viewer geolocation headers. They are trusted only when the
 * API refuses requests that bypass CloudFront (an origin secret is configured, see
 * middleware/origin.ts); otherwise anyone could forge them, and the caller falls back to the
 * site's default place.
 */
import type { SiteLocation } from '../../shared/answers/site-settings';

const MAX_TEXT = 100;

function coordinate(value: string | undefined, limit: number): number | null {
  if (value === undefined || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
}

/** CloudFront percent-encodes some values; text that does not decode is kept as it came. */
function text(value: string | undefined): string {
  if (!value) return '';
  let out = value;
  try {
    out = decodeURIComponent(value);
  } catch {
    // not percent-encoded
  }
  return out.replace(/[\u0000-\u001F\u007F]/g, '').trim().slice(0, MAX_TEXT);
}

/** `AU` → `Australia`; an unknown code stays a code. */
function countryName(code: string): string {
  if (!/^[A-Za-z]{2}$/.test(code)) return code;
  try {
    return new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

export function viewerLocation(headers: Record<string, string | undefined>, trusted: boolean): SiteLocation | null {
  if (!trusted) return null;
  const latitude = coordinate(headers['cloudfront-viewer-latitude'], 90);
  const longitude = coordinate(headers['cloudfront-viewer-longitude'], 180);
  if (latitude === null || longitude === null) return null;
  return {
    latitude,
    longitude,
    suburb_city: text(headers['cloudfront-viewer-city']),
    state: text(headers['cloudfront-viewer-country-region']),
    country: countryName(text(headers['cloudfront-viewer-country'])),
  };
}
