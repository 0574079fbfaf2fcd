import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SITE } from '../../../shared/site';

vi.mock('../../site-settings/settings', () => ({ readPublicSite: vi.fn(async () => ({ ...DEFAULT_SITE, settings: {} })) }));
const { main } = await import('./location-from-ip');

const viewer = {
  'cloudfront-viewer-latitude': '-27.47',
  'cloudfront-viewer-longitude': '153.02',
  'cloudfront-viewer-city': 'Brisbane',
  'cloudfront-viewer-country-region': 'QLD',
  'cloudfront-viewer-country': 'AU',
};
const call = (headers: Record<string, string>) =>
  main({ input: {}, session: null, event: { headers } as unknown as APIGatewayProxyEventV2, clientIp: '203.0.113.5' });

describe('GET /api/location/from-ip (handler)', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('answers the viewer\'s place from CloudFront\'s headers behind CloudFront (origin secret set)', async () => {
    vi.stubEnv('ORIGIN_SECRET', 's3cret');
    await expect(call(viewer)).resolves.toEqual({ latitude: -27.47, longitude: 153.02, suburb_city: 'Brisbane', state: 'QLD', country: 'Australia', source: 'ip' });
  });

  it('answers the site\'s default place without the headers, or where they could be forged', async () => {
    const { latitude, longitude, suburb_city, state, country } = DEFAULT_SITE.defaultLocation;
    vi.stubEnv('ORIGIN_SECRET', 's3cret');
    await expect(call({})).resolves.toEqual({ latitude, longitude, suburb_city, state, country, source: 'site' });
    vi.stubEnv('ORIGIN_SECRET', '');
    await expect(call(viewer)).resolves.toEqual({ latitude, longitude, suburb_city, state, country, source: 'site' });
  });
});
