/**
 * Listing plants needs the post-plants permission: when the site requires a verified phone to
 * list plants, a member without one is refused. On a host of this file's own, since the setting
 * is site-wide and other files list plants at the same time on the shared host.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, startHost, type Host } from '../../infra/local/host';

let host: Host;
let dataDir: string;

beforeAll(async () => {
  mkdirSync(join(REPO_ROOT, '.tmp'), { recursive: true });
  dataDir = mkdtempSync(join(REPO_ROOT, '.tmp', 'plant-permission-'));
  host = await startHost({ dataDir, inMemory: true, seed: false, env: { SCRYPT_LOG_N: '12', LOG_LEVEL: 'CRITICAL' } });
}, 120_000);
afterAll(async () => {
  await host?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function member() {
  const { createAccount, saveUser, completeRegistration, withLocation } = await import('../../functions/users/users');
  const created = await createAccount(`plants-${randomUUID().slice(0, 8)}@example.com`, 'not-a-real-hash');
  const verified = await saveUser({ ...created!, emailVerified: true });
  return completeRegistration(verified, withLocation({ username: `grower_${randomUUID().slice(0, 8)}`, firstName: 'Ivy', lastName: 'Green' }, -33.87, 151.21));
}

const plant = () => ({
  id: randomUUID(), kind: 'plant' as const, text: '', tags: [], photos: [], privacy: 'public' as const,
  plant: { commonName: 'Pothos', availability: 'Available to swap' },
});

describe('listing plants when the site requires a verified phone', () => {
  it('refuses a member without a verified phone and accepts one with it', async () => {
    const { createPost } = await import('../../functions/posts/write');
    const { saveUser } = await import('../../functions/users/users');
    const { putSiteSetting } = await import('../../functions/site-settings/settings');
    const ivy = await member();
    await expect(createPost(ivy.uuid, plant())).resolves.toMatchObject({ created: true });

    await putSiteSetting({ name: 'phone_required_to_post_plants', value: 'true', dataType: 'boolean', isPublic: true });
    await expect(createPost(ivy.uuid, plant())).rejects.toMatchObject({ status: 403 });
    const { getUser } = await import('../../functions/users/users');
    await saveUser({ ...(await getUser(ivy.uuid))!, phoneVerified: true });
    await expect(createPost(ivy.uuid, plant())).resolves.toMatchObject({ created: true });
  });
});
