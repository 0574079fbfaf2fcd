/**
 * One fixture per `self` route of the table: it creates a resource as user A, acts on it as
 * user B, expects 403 or 404, and checks that A's data is unchanged. The suite fails when a
 * self route has no fixture here.
 */
import { expect } from 'vitest';
import { as, member } from '../support/accounts';
import { getItem, queryPartition } from '../support/db';
import { outbox } from '../support/outbox';

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
  'GET /api/iam/users/{uuid}/permission/{name}': async () => {
    const a = await member();
    const b = await member();
    const res = await as(b.browser, 'GET', `/api/iam/users/${a.profile.uuid}/permission/create-page`);
    expect(res.status).toBe(403);
    expect((await as<{ allowed: boolean }>(a.browser, 'GET', `/api/iam/users/${a.profile.uuid}/permission/create-page`)).data).toEqual({ allowed: true });
  },
  'POST /api/iam/authn/init-phone-and-check': async () => {
    const a = await member();
    const b = await member();
    const phoneNo = `+61412${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
    const res = await as(b.browser, 'POST', '/api/iam/authn/init-phone-and-check', { phoneNo, userId: a.profile.uuid });
    expect(res.status).toBe(403);
    expect((await queryPartition(`user#${a.profile.uuid}`)).filter((i) => String(i.sk).startsWith('phonecheck#'))).toEqual([]);
    expect((await outbox()).filter((m) => m.to === phoneNo)).toEqual([]);
  },
  'PUT /api/iam/authn/confirm-phone-and-record': async () => {
    const a = await member();
    const b = await member();
    const phoneNo = `+61412${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`;
    const init = await as<{ recordId: string }>(a.browser, 'POST', '/api/iam/authn/init-phone-and-check', { phoneNo, userId: a.profile.uuid });
    const code = /\b(\d{6})\b/.exec((await outbox()).filter((m) => m.to === phoneNo).at(-1)!.text)![1]!;
    const recordId = init.data.recordId;
    // B with A's uuid (403), and B claiming A's record as theirs (404: it is not under B).
    expect((await as(b.browser, 'PUT', '/api/iam/authn/confirm-phone-and-record', { phoneNo, userId: a.profile.uuid, recordId, code })).status).toBe(403);
    expect((await as(b.browser, 'PUT', '/api/iam/authn/confirm-phone-and-record', { phoneNo, userId: b.profile.uuid, recordId, code })).status).toBe(404);
    expect(await getItem(`user#${a.profile.uuid}`, `phonecheck#${recordId}`)).toMatchObject({ tries: 0 });
    expect(await getItem(`user#${a.profile.uuid}`, `phonecheck#${recordId}`)).not.toHaveProperty('confirmedAt');
    expect(await getItem(`user#${a.profile.uuid}`, 'profile')).toMatchObject({ phoneVerified: false });
    expect(await getItem(`user#${b.profile.uuid}`, 'profile')).toMatchObject({ phoneVerified: false });
  },
};
