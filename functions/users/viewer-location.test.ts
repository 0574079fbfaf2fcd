import { describe, expect, it } from 'vitest';
import { viewerLocation } from './viewer-location';

const cloudfront = {
  'cloudfront-viewer-latitude': '-37.81400',
  'cloudfront-viewer-longitude': '144.96332',
  'cloudfront-viewer-city': 'Melbourne',
  'cloudfront-viewer-country-region': 'VIC',
  'cloudfront-viewer-country': 'AU',
};

describe('viewerLocation (CloudFront viewer headers)', () => {
  it('reads the place when the headers can be trusted, naming the country', () => {
    expect(viewerLocation(cloudfront, true)).toEqual({ latitude: -37.814, longitude: 144.96332, suburb_city: 'Melbourne', state: 'VIC', country: 'Australia' });
  });

  it('ignores the headers when requests may bypass CloudFront (no origin secret): anyone could forge them', () => {
    expect(viewerLocation(cloudfront, false)).toBeNull();
  });

  it('needs both coordinates, in range', () => {
    expect(viewerLocation({ ...cloudfront, 'cloudfront-viewer-latitude': undefined }, true)).toBeNull();
    expect(viewerLocation({ ...cloudfront, 'cloudfront-viewer-longitude': '' }, true)).toBeNull();
    expect(viewerLocation({ ...cloudfront, 'cloudfront-viewer-latitude': '91' }, true)).toBeNull();
    expect(viewerLocation({ ...cloudfront, 'cloudfront-viewer-longitude': 'east' }, true)).toBeNull();
  });

  it('decodes percent-encoded names, drops control characters, and keeps what it cannot decode or name', () => {
    const place = viewerLocation({ ...cloudfront, 'cloudfront-viewer-city': 'S%C3%A3o%20Paulo\u0007', 'cloudfront-viewer-country': 'XQ' }, true);
    expect(place).toMatchObject({ suburb_city: 'São Paulo', country: 'XQ' });
    expect(viewerLocation({ ...cloudfront, 'cloudfront-viewer-city': '100%', 'cloudfront-viewer-country': undefined }, true)).toMatchObject({ suburb_city: '100%', country: '' });
  });
});
