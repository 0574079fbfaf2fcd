/**
 * One fixture per `self` route of the table: it creates a resource as user A, acts on it as
 * user B, expects 403 or 404, and checks that A's data is unchanged. The suite fails when a
 * self route has no fixture here.
 */
import { expect } from 'vitest';
import { as, member } from '../support/accounts';
import { getItem } from '../support/db';

export const ownershipFixtures: Record<string, () => Promise<void>> = {
  'DELETE /api/iam/authn/delete': async () => {
    const a = await member();
    const b = await member();
    const res = await as(b.browser, 'DELETE', '/api/iam/authn/delete', { uuid: a.profile.uuid });
    expect(res.status).toBe(403);
    expect(await getItem(`user#${a.profile.uuid}`, 'profile')).toMatchObject({ email: a.email });
    expect(await getItem(`user#${a.profile.uuid}`, 'profile')).not.toHaveProperty('deletedAt');
    expect((await as(a.browser, 'GET', '/api/iam/authn/profile')).status).toBe(200);
  },
  'DELETE /api/iam/refresh-tokens/{id}': async () => {
    const a = await member();
    const b = await member();
    const sessions = await as<{ id: string }[]>(a.browser, 'GET', '/api/iam/refresh-tokens');
    const id = sessions.data[0]!.id;
    const res = await as(b.browser, 'DELETE', `/api/iam/refresh-tokens/${id}`, {});
    expect(res.status).toBe(404);
    expect(await getItem(`user#${a.profile.uuid}`, `session#${id}`)).not.toHaveProperty('revokedAt');
    expect((await as(a.browser, 'POST', '/api/iam/authn/refresh', {})).status).toBe(200);
  },
};
