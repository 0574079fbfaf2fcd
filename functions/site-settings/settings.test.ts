import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE } from '../../shared/site';
import type { SiteSettingItem } from '../db/entities/site-setting';
import { toPublicSite } from './settings';

const item = (name: string, value: string, over: Partial<SiteSettingItem> = {}): SiteSettingItem => ({
  name, value, dataType: 'string', isPublic: true, updatedAt: '2026-01-01T00:00:00.000Z', ...over,
});

describe('toPublicSite', () => {
  it('falls back to the defaults when nothing is stored', () => {
    expect(toPublicSite([])).toEqual({ ...DEFAULT_SITE, settings: {} });
  });

  it('uses stored public values and types them', () => {
    const site = toPublicSite([
      item('site_name', 'Fern Club'),
      item('max_photos', '10', { dataType: 'number' }),
      item('default_location', JSON.stringify({ latitude: 1, longitude: 2, suburb_city: 'A', state: 'B', country: 'C' }), { dataType: 'json' }),
    ]);
    expect(site.name).toBe('Fern Club');
    expect(site.settings.max_photos).toBe(10);
    expect(site.defaultLocation).toEqual({ latitude: 1, longitude: 2, suburb_city: 'A', state: 'B', country: 'C' });
  });

  it('leaves out private settings and ignores values that do not fit their type', () => {
    const site = toPublicSite([
      item('admin_emails', 'a@example.com', { isPublic: false }),
      item('max_photos', 'many', { dataType: 'number' }),
      item('default_location', '{"latitude": 500}', { dataType: 'json' }),
    ]);
    expect(site.settings).toEqual({ default_location: { latitude: 500 } });
    expect(site.defaultLocation).toEqual(DEFAULT_SITE.defaultLocation);
    expect(JSON.stringify(site)).not.toContain('a@example.com');
  });
});
