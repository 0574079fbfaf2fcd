/** The admin dashboard's counts: read from the counters kept on write, admins only. */
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminOverview } from '../../shared/answers/admin';
import { as } from '../support/accounts';
import { call } from '../support/api';
import { newPlant, newPost } from '../support/content';
import { newEvent } from '../support/events';
import { newPage } from '../support/pages';
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
  it('counts members, posts and plants members see, pages, events and open reports, growing with each write', async () => {
    const before = await overview();
    expect(Object.keys(before).sort()).toEqual(['events', 'members', 'openReports', 'pages', 'plants', 'posts']);
    const post = await newPost(author, { privacy: 'members' });
    await newPost(author, { privacy: 'private' });
    await newPlant(author);
    const reporter = await registeredUser();
    const filed = await as(reporter.browser, 'POST', '/api/iam/reports/new', { target: { type: 'post', id: post.id }, reason: 'spam', text: '' });
    expect(filed.status, JSON.stringify(filed.json)).toBe(201);
    const page = await newPage(author);
    await newEvent(author, { pageId: page.id });
    const after = await overview();
    // Other files write meanwhile: the counts only grow here (test/api/site-counts.test.ts holds
    // them exactly, on a table of its own).
    expect(after.posts).toBeGreaterThanOrEqual(before.posts + 1);
    expect(after.plants).toBeGreaterThanOrEqual(before.plants + 1);
    expect(after.openReports).toBeGreaterThanOrEqual(before.openReports + 1);
    expect(after.members).toBeGreaterThanOrEqual(before.members + 1);
    expect(after.pages).toBeGreaterThanOrEqual(before.pages + 1);
    expect(after.events).toBeGreaterThanOrEqual(before.events + 1);
  });

  it('is 401 to a guest and 403 to a member', async () => {
    expect((await call('GET', '/api/iam/admin/overview')).status).toBe(401);
    expect((await as(author.browser, 'GET', '/api/iam/admin/overview')).status).toBe(403);
  });
});
