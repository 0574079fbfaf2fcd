/** The admin dashboard's counts: read from the counters kept on write, admins only. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOverview } from '../../shared/answers/admin';
import { as } from '../support/accounts';
import { call } from '../support/api';
import { newPlant, newPost } from '../support/content';
import { admin, registeredUser, type TestUser } from '../support/users';

let author: TestUser;
let boss: TestUser;

beforeAll(async () => {
  [author, boss] = await Promise.all([registeredUser(), admin()]);
});

const overview = async () => {
  const res = await as<AdminOverview>(boss.browser, 'GET', '/api/iam/admin/overview');
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.data;
};

describe('GET /api/iam/admin/overview', () => {
  it('counts the posts and plants members see and the open reports, moving with each write', async () => {
    const before = await overview();
    expect(Object.keys(before).sort()).toEqual(['openReports', 'plants', 'posts']);
    const post = await newPost(author, { privacy: 'members' });
    await newPost(author, { privacy: 'private' });
    await newPlant(author);
    const reporter = await registeredUser();
    const filed = await as(reporter.browser, 'POST', '/api/iam/reports/new', { target: { type: 'post', id: post.id }, reason: 'spam', text: '' });
    expect(filed.status, JSON.stringify(filed.json)).toBe(201);
    const after = await overview();
    // A private post counts for its author alone, not in the site's counts.
    expect(after).toEqual({ posts: before.posts + 1, plants: before.plants + 1, openReports: before.openReports + 1 });
  });

  it('is 401 to a guest and 403 to a member', async () => {
    expect((await call('GET', '/api/iam/admin/overview')).status).toBe(401);
    expect((await as(author.browser, 'GET', '/api/iam/admin/overview')).status).toBe(403);
  });
});
