import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
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

  it('compresses the SPA\'s scripts as CloudFront does: brotli, else gzip, else as they are', async () => {
    const html = await (await fetch(`${hostUrl()}/`)).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const raw = async (encoding: string) => {
      // node's fetch decodes bodies itself: ask with node:http to see the bytes on the wire.
      return new Promise<{ headers: Record<string, unknown>; body: Buffer }>((done, fail) => {
        const req = request(`${hostUrl()}${script}`, { headers: encoding ? { 'accept-encoding': encoding } : {} }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done({ headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on('error', fail);
        req.end();
      });
    };
    const plain = await raw('');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('accept-encoding');

    const br = await raw('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(plain.body.length / 2);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);

    const gz = await raw('gzip;q=1.0, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
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
