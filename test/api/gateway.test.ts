import { describe, expect, it } from 'vitest';
import { hostUrl } from '../support/api';
import { storeObject } from '../support/bucket';

describe('local gateway', () => {
  it('serves the SPA with history fallback for extension-less paths', async () => {
    const res = await fetch(`${hostUrl()}/some/deep/link`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toMatch(/<div id="root">/);
  });

  it('answers 404 for a missing asset instead of the SPA', async () => {
    const res = await fetch(`${hostUrl()}/assets/missing-file.js`);
    expect(res.status).toBe(404);
  });

  it('does not serve files outside the SPA folder', async () => {
    const res = await fetch(`${hostUrl()}/..%2f..%2fpackage.json`);
    expect([400, 404]).toContain(res.status);
    expect(await res.text()).not.toContain('"devDependencies"');
  });

  it('answers 404 for a missing image', async () => {
    const res = await fetch(`${hostUrl()}/images/nope.jpg`);
    expect(res.status).toBe(404);
  });

  it('lists the outbox at /dev/outbox', async () => {
    const res = await fetch(`${hostUrl()}/dev/outbox`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<h1>Outbox</h1>');
  });

  it('serves an uploaded image from the bucket under /images/ with its content type', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4]);
    await storeObject('images/test/leaf.png', bytes, 'image/png');
    const res = await fetch(`${hostUrl()}/images/test/leaf.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
  });
});
