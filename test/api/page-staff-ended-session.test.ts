/**
 * A page's staff acting with a session that has ended. Logging out (or "sign out everywhere", or a
 * reset of the password from the mailbox) revokes the session family at once, and the page-staff
 * routes read the family beside the account and the role (`pageActorNow` in
 * functions/pages/pages.ts): an access token still in hand must not keep the page's powers until it
 * expires, or whoever took the cookie could, in that time, make a second account of theirs an
 * admin of the page, which outlives every revocation.
 */
import { describe, expect, it } from 'vitest';
import { as, member, type Browser } from '../support/accounts';
import { getItem } from '../support/db';
import { join, newPage } from '../support/pages';

const copyOf = (b: Browser): Browser => ({ cookies: new Map(b.cookies), csrf: b.csrf });

describe('a page admin\'s session that has ended', () => {
  it('cannot make another member an admin of the page with the cookie it left behind (401, the role unchanged)', async () => {
    const [owner, accomplice] = await Promise.all([member(), member()]);
    const page = await newPage({ uuid: owner.profile.uuid, browser: owner.browser });
    await join({ uuid: accomplice.profile.uuid, browser: accomplice.browser }, page.id);
    const taken = copyOf(owner.browser);
    expect((await as(owner.browser, 'POST', '/api/iam/authn/logout', {})).status).toBe(200);

    const res = await as(taken, 'PUT', '/api/iam/pages/member-role', { pageId: page.id, userId: accomplice.profile.uuid, role: 'admin' });
    expect(res.status, JSON.stringify(res.json)).toBe(401);
    expect(await getItem(`page#${page.id}`, `member#${accomplice.profile.uuid}`)).toMatchObject({ status: 'member', role: 'member' });
  });
});
