import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE, type PublicSite } from '../../shared/site';
import { as } from '../support/accounts';
import { call, mintSession } from '../support/api';
import { admin } from '../support/users';
import { getItem } from '../support/db';
import { REPO_ROOT } from '../../infra/local/host';

describe('GET /api/site-settings/get-site', () => {
  it('answers the seeded public settings: name, tagline and default location', async () => {
    const res = await call<PublicSite>('GET', '/api/site-settings/get-site');
    expect(res.status).toBe(200);
    expect(res.data.name).toBe('Leafline');
    expect(res.data.tagline).toMatch(/plant/i);
    expect(res.data.defaultLocation).toMatchObject({ suburb_city: 'Sydney', country: 'Australia' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('GET /api/site-settings/manifest', () => {
  it('answers the web app manifest to a browser that sends no client-platform header', async () => {
    const res = await call('GET', '/api/site-settings/manifest', { noPlatform: true });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/manifest+json');
    const manifest = JSON.parse(res.text) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: 'Leafline', start_url: '/', display: 'standalone' });
    expect(manifest.description).toMatch(/plant/i);
    // Installable: a 192 and a 512 px PNG, and a maskable one, each a file of the SPA of that size.
    const icons = manifest.icons as { src: string; sizes: string; type: string; purpose: string }[];
    expect(icons[0]).toMatchObject({ src: '/favicon.svg' });
    expect(icons.filter((i) => i.type === 'image/png').map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of icons.filter((i) => i.type === 'image/png')) {
      const png = readFileSync(join(REPO_ROOT, 'web', 'public', icon.src));
      expect(png.subarray(1, 4).toString('latin1'), icon.src).toBe('PNG');
      expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
    }
  });

  it('keeps the JSON error envelope for a request it refuses', async () => {
    const res = await call('GET', '/api/site-settings/manifest?unexpected=1', { noPlatform: true });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.json).toMatchObject({ status: 'error', error: { field: 'unexpected' } });
  });
});

describe('PUT /api/iam/admin/update/site-setting', () => {
  it('lets an admin change the site name, which guests then read', async () => {
    const a = await admin();
    const put = await as(a.browser, 'PUT', '/api/iam/admin/update/site-setting', { name: 'site_tagline', value: 'Grow together', isPublic: true });
    expect(put.status).toBe(200);
    expect(put.data).toMatchObject({ name: 'site_tagline', value: 'Grow together', dataType: 'string', isPublic: true });
    const stored = await getItem('settings', 'setting#site_tagline');
    expect(stored).toMatchObject({ value: 'Grow together', dataType: 'string', isPublic: true });
    const site = await call<PublicSite>('GET', '/api/site-settings/get-site');
    expect(site.data.tagline).toBe('Grow together');
    const manifest = await call('GET', '/api/site-settings/manifest', { noPlatform: true });
    expect(JSON.parse(manifest.text)).toMatchObject({ description: 'Grow together' });
    // Put the seeded tagline back: other suites share this host.
    const restore = await as(a.browser, 'PUT', '/api/iam/admin/update/site-setting', { name: 'site_tagline', value: DEFAULT_SITE.tagline, isPublic: true });
    expect(restore.status).toBe(200);
  });

  it('never shows a private setting to guests', async () => {
    const a = await admin();
    const put = await as(a.browser, 'PUT', '/api/iam/admin/update/site-setting', { name: 'moderation_notes', value: 'secret', isPublic: false });
    expect(put.status).toBe(200);
    expect(await getItem('settings', 'setting#moderation_notes')).toMatchObject({ isPublic: false });
    const site = await call<PublicSite>('GET', '/api/site-settings/get-site');
    expect(JSON.stringify(site.data)).not.toContain('secret');
    expect(site.data.settings).not.toHaveProperty('moderation_notes');
  });

  it('types values: a number setting that is not a number is refused, naming value', async () => {
    const a = await admin();
    const bad = await as(a.browser, 'PUT', '/api/iam/admin/update/site-setting', { name: 'max_photos', value: 'ten', dataType: 'number' });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: { field: 'value', message: 'value is not a valid number' } });
    expect(await getItem('settings', 'setting#max_photos')).toBeUndefined();
  });

  it('accepts a map_tile_url on a tile origin the site\'s Content-Security-Policy allows, which guests then read', async () => {
    const a = await admin();
    const tiles = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
    const put = await as(a.browser, 'PUT', '/api/iam/admin/update/site-setting', { name: 'map_tile_url', value: tiles, isPublic: true });
    expect(put.status, JSON.stringify(put.json)).toBe(200);
    expect(await getItem('settings', 'setting#map_tile_url')).toMatchObject({ value: tiles, dataType: 'string' });
    const site = await call<PublicSite>('GET', '/api/site-settings/get-site');
    expect(site.data.settings.map_tile_url).toBe(tiles);
  });

  it('refuses a map_tile_url on any other origin, naming value and the allowed origins, and keeps the stored one', async () => {
    const a = await admin();
    const kept = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
    expect((await as(a.browser, 'PUT', '/api/iam/admin/update/site-setting', { name: 'map_tile_url', value: kept, isPublic: true })).status).toBe(200);
    for (const value of [
      'https://tiles.evil.example/{z}/{x}/{y}.png',
      'http://tile.openstreetmap.org/{z}/{x}/{y}.png',
      'https://tile.openstreetmap.org.evil.example/{z}/{x}/{y}.png',
      'https://tile.openstreetmap.org:8443/{z}/{x}/{y}.png',
      'https://user:secret@tile.openstreetmap.org/{z}/{x}/{y}.png',
      '//tile.openstreetmap.org/{z}/{x}/{y}.png',
      'javascript:alert(1)',
      'tiles',
    ]) {
      const bad = await as(a.browser, 'PUT', '/api/iam/admin/update/site-setting', { name: 'map_tile_url', value, isPublic: true });
      expect(bad.status, value).toBe(400);
      expect(bad.json, value).toMatchObject({ error: { field: 'value' } });
      expect((bad.json as { error: { message: string } }).error.message, value).toMatch(/^value .*https:\/\/tile\.openstreetmap\.org/);
    }
    const notText = await as(a.browser, 'PUT', '/api/iam/admin/update/site-setting', { name: 'map_tile_url', value: '{"url":"https://tile.openstreetmap.org"}', dataType: 'json' });
    expect(notText.status).toBe(400);
    expect(notText.json).toMatchObject({ error: { field: 'dataType' } });
    expect(await getItem('settings', 'setting#map_tile_url')).toMatchObject({ value: kept, dataType: 'string' });
  });

  it('refuses a welcome_video_url while the deployment allows no video origin', async () => {
    const a = await admin();
    const bad = await as(a.browser, 'PUT', '/api/iam/admin/update/site-setting', { name: 'welcome_video_url', value: 'https://video.example.net/welcome.mp4', isPublic: true });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: { field: 'value' } });
    expect(await getItem('settings', 'setting#welcome_video_url')).toBeUndefined();
  });

  it('refuses a bad setting name with a message naming the field', async () => {
    const a = await admin();
    const bad = await as(a.browser, 'PUT', '/api/iam/admin/update/site-setting', { name: 'Bad Name!', value: 'x' });
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ error: { field: 'name' } });
  });

  it('needs a live session: an admin token whose session was never started or has ended is refused', async () => {
    const minted = await mintSession({ role: 'admin' });
    const res = await call('PUT', '/api/iam/admin/update/site-setting', { session: minted, body: { name: 'site_name', value: 'Ghost', isPublic: true } });
    expect(res.status).toBe(401);
  });

  it('refuses a non-admin with 403 and changes nothing', async () => {
    const user = await mintSession({ role: 'user' });
    const res = await call('PUT', '/api/iam/admin/update/site-setting', { session: user, body: { name: 'site_name', value: 'Hijacked', isPublic: true } });
    expect(res.status).toBe(403);
    const site = await call<PublicSite>('GET', '/api/site-settings/get-site');
    expect(site.data.name).not.toBe('Hijacked');
  });
});
