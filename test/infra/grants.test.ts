/**
 * Grants the local host cannot check: it enforces no IAM, so a route whose code reads an
 * uploaded object back (HEAD, to check its size and type) without `images:read` would only fail
 * in the cloud (S3 answers 403, read as "not uploaded").
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/local/host';
import { routes } from '../../functions/routes';
import type { Grant } from '../../functions/lib/route-types';

const source = (module: string) => readFileSync(join(REPO_ROOT, 'functions', `${module}.ts`), 'utf8');

/** The handlers that accept uploaded images, and the domain call that checks them. */
const CHECKS_UPLOADS: Record<string, { module: string; call: string }> = {
  'auth/handlers/update-profile': { module: 'images/avatars', call: 'verifyUploadedImage(' },
  'posts/handlers/new-post': { module: 'posts/write', call: 'claimUploads(' },
  'posts/handlers/new-plant': { module: 'posts/write', call: 'claimUploads(' },
};

/** The handlers that accept uploads under the private prefix, and the domain call that checks them (`private:read`). */
const CHECKS_PRIVATE_UPLOADS: Record<string, { module: string; call: string }> = {
  'messages/handlers/new-message': { module: 'messages/photos', call: 'claimUploads(' },
};

describe('grants the cloud enforces and the local host does not', () => {
  it('routes that check an upload after it lands may read the images bucket', () => {
    for (const [handler, { module, call }] of Object.entries(CHECKS_UPLOADS)) {
      const route = routes.find((r) => r.handler === handler);
      expect(route, handler).toBeDefined();
      expect(source(module), `${module} still calls ${call}`).toContain(call);
      expect(route!.grants as readonly Grant[], `${route!.method} ${route!.path}`).toContain('images:read');
    }
    expect(source('images/pending')).toContain('verify: verifyUploadedImage');
    for (const [handler, { module, call }] of Object.entries(CHECKS_PRIVATE_UPLOADS)) {
      const route = routes.find((r) => r.handler === handler);
      expect(route, handler).toBeDefined();
      expect(source(module), `${module} still calls ${call}`).toContain(call);
      expect(route!.grants as readonly Grant[], `${route!.method} ${route!.path}`).toContain('private:read');
    }
  });

  it('no other route calls the upload checks (the list above is complete)', () => {
    const callers = routes.filter((r) => /verifyUploadedImage\(|claimUploads\(|claimAvatar\(|createPost\(/.test(source(r.handler))).map((r) => r.handler);
    for (const handler of callers) expect([...Object.keys(CHECKS_UPLOADS), ...Object.keys(CHECKS_PRIVATE_UPLOADS)]).toContain(handler);
  });
});
