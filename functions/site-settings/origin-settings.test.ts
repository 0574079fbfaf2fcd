import { describe, expect, it } from 'vitest';
import { HttpError } from '../lib/errors';
import { checkOriginSetting } from './origin-settings';

const refusal = (fn: () => void): HttpError => {
  try {
    fn();
  } catch (err) {
    if (err instanceof HttpError) return err;
    throw err;
  }
  throw new Error('not refused');
};

describe('checkOriginSetting', () => {
  const env = { CSP_TILE_ORIGINS: 'https://tiles.example.net,https://b.tiles.example.net', CSP_MEDIA_ORIGINS: '' };

  it('leaves settings that name no origin alone', () => {
    expect(() => checkOriginSetting({ name: 'site_tagline', value: 'http://anything', dataType: 'string' }, env)).not.toThrow();
  });

  it('accepts a tile URL on an allowed origin', () => {
    expect(() => checkOriginSetting({ name: 'map_tile_url', value: 'https://b.tiles.example.net/{z}/{x}/{y}.png', dataType: 'string' }, env)).not.toThrow();
  });

  it('refuses a tile URL elsewhere with a 400 naming value and the allowed origins', () => {
    const err = refusal(() => checkOriginSetting({ name: 'map_tile_url', value: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', dataType: 'string' }, env));
    expect(err).toMatchObject({ status: 400, field: 'value' });
    expect(err.message).toBe('value must be an address on an allowed map tile origin: https://tiles.example.net, https://b.tiles.example.net');
  });

  it('refuses any video URL when the deployment allows no media origin, saying how to allow one', () => {
    const err = refusal(() => checkOriginSetting({ name: 'welcome_video_url', value: 'https://video.example.net/a.mp4', dataType: 'string' }, env));
    expect(err).toMatchObject({ status: 400, field: 'value' });
    expect(err.message).toContain('-c cspMediaOrigins=');
  });

  it('uses the default tile origins when the environment names none', () => {
    expect(() => checkOriginSetting({ name: 'map_tile_url', value: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', dataType: 'string' }, {})).not.toThrow();
  });

  it('wants text for an origin setting', () => {
    expect(refusal(() => checkOriginSetting({ name: 'map_tile_url', value: '{}', dataType: 'json' }, env))).toMatchObject({ status: 400, field: 'dataType' });
  });
});
