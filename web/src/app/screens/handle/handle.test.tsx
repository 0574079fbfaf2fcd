import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { feedAnswer, makePlant, makePost, OTHER_ID } from '@/features/content/testing';
import { makeCard, makeDate, makeEvent } from '@/features/events/testing';
import { pageHref } from '@/lib/known-pages';
import { AUTH, renderRoute } from '@/testing/render-route';
import { failure, success } from '@/testing/responses';
import { serve } from '@/testing/serve';

const owner = { type: 'user' as const, id: OTHER_ID, handle: 'moss_lover', name: 'mary-jane MOSS', avatar: null };

describe('/:handle', () => {
  it("shows the member's card, their posts, and their plants on the plant tabs", async () => {
    const api = serve({
      'GET /api/posts/moss_lover': () => success(feedAnswer('posts', [makePost()], null, { owner })),
      'GET /api/plants/by-user/moss_lover?filter=plantsAll': () => success(feedAnswer('plants', [makePlant()], 'p1', { owner })),
      'GET /api/plants/by-user/more/moss_lover?filter=plantsAll&cursorId=p1': () =>
        success(feedAnswer('plants', [makePlant({ id: '22222222-0000-4000-8000-000000000003', plant: { commonName: 'string of pearls', availability: 'Not available' }, available: false })], null, { owner })),
    });
    renderRoute('/moss_lover', { auth: AUTH.member });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mary-Jane Moss' })).toBeTruthy();
    expect(screen.getByText('@moss_lover')).toBeTruthy();
    expect(screen.getByText('1,234 posts')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Send a message' }).getAttribute('href')).toBe('/messages/moss_lover');
    await waitFor(() => expect(document.title).toContain('Mary-Jane Moss (@moss_lover)'));
    expect(await screen.findByRole('article', { name: 'Post by Mary-Jane Moss' })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Posts1,234', 'Plants56', 'Available7']));

    fireEvent.click(screen.getByRole('tab', { name: 'Plants 56' }));
    await screen.findByRole('link', { name: 'Swiss Cheese Plant' });
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: 'String Of Pearls' });
    expect(api.calls.map((c) => c.url).filter((u) => u.startsWith('/api/posts') || u.startsWith('/api/plants'))).toEqual([
      '/api/posts/moss_lover',
      '/api/plants/by-user/moss_lover?filter=plantsAll',
      '/api/plants/by-user/more/moss_lover?filter=plantsAll&cursorId=p1',
    ]);
  });

  it('shows a member\'s next events to members, with a link to all of them', async () => {
    const e = makeEvent({ title: 'Balcony garden visit', owner: { type: 'user', id: OTHER_ID, handle: 'moss_lover', name: 'Mary-Jane Moss', avatar: null } });
    const card = { event: { id: e.id, randomId: e.randomId, title: e.title, privacy: e.privacy, owner: e.owner, place: e.place, timeZone: e.timeZone, cover: null, recurring: false }, date: makeDate() };
    serve({
      'GET /api/posts/moss_lover': () => success(feedAnswer('posts', [], null, { owner })),
      [`GET /api/iam/events/get-by-user/${OTHER_ID}`]: () => success({ dates: [card], cursorId: null }),
    });
    renderRoute('/moss_lover', { auth: AUTH.member });
    const events = await screen.findByRole('region', { name: 'Events' });
    expect(within(events).getByRole('link', { name: /Balcony garden visit/ })).toBeTruthy();
    expect(within(events).getByRole('link', { name: 'All events' }).getAttribute('href')).toBe('/moss_lover/events');
  });

  it('links members to their own profile and settings on their own page', async () => {
    const me = { ...owner, id: '6f1c1f7e-3c1b-4a7e-9d55-0c9f0c2d4a11', handle: 'fern_fan', name: 'Fern Gully' };
    serve({ 'GET /api/posts/fern_fan': () => success(feedAnswer('posts', [], null, { owner: me })) });
    renderRoute('/fern_fan', { auth: AUTH.member });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fern Gully' })).toBeTruthy();
    const card = screen.getByRole('heading', { level: 1 }).closest('header')!;
    expect(within(card).getByRole('link', { name: 'Your profile' }).getAttribute('href')).toBe('/profile');
    expect(screen.queryByRole('link', { name: 'Send a message' })).toBeNull();
    expect(await screen.findByText('Fern Gully has not posted yet.')).toBeTruthy();
  });

  it('tells what the member says about themself and, to members, the pages they belong to, before their posts', async () => {
    const profile = {
      uuid: OTHER_ID, username: 'moss_lover', first_name: 'Mary-Jane', last_name: 'Moss', avatar: null,
      bio: 'Mosses and ferns on a shady balcony.', suburb_city: 'Newtown', state: 'NSW', country: 'Australia',
      motivations: ['swap', 'learn'], phone_verified: true, member_since: '2025-03-14T09:00:00.000Z',
      pages: [{ id: PAGE_ID, handle: 'wattle_lane_five', name: 'Wattle Lane Garden' }],
    };
    const api = serve({
      'GET /api/posts/moss_lover': () => success(feedAnswer('posts', [makePost()], null, { owner })),
      [`GET /api/user/get-user-by-uuid/${OTHER_ID}`]: () => success(profile),
    });
    renderRoute('/moss_lover', { auth: AUTH.member });
    const about = await screen.findByRole('region', { name: 'About Mary-Jane Moss' });
    expect(within(about).getByText('Mosses and ferns on a shady balcony.')).toBeTruthy();
    const detail = (term: string) => within(about).getByText(term).nextElementSibling?.textContent;
    expect(detail('Lives in')).toBe('Newtown, NSW');
    expect(detail('Member since')).toBe('March 2025');
    expect(detail('Phone')).toBe('Phone verified');
    expect(within(about).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Swap plants and cuttings', 'Learn about plants', 'Wattle Lane Garden']);
    expect(within(about).getByRole('link', { name: 'Wattle Lane Garden' }).getAttribute('href')).toBe('/wattle_lane_five');
    // The posts come below, once the profile is there: drawn, they are not pushed down.
    const post = await screen.findByRole('article', { name: 'Post by Mary-Jane Moss' });
    expect(about.compareDocumentPosition(post) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(api.to(`GET /api/user/get-user-by-uuid/${OTHER_ID}`)).toHaveLength(1);
  });

  it('draws nothing of the profile until the details answer too, so the posts are never pushed down', async () => {
    let answer: (r: Response) => void = () => {};
    const later = new Promise<Response>((resolve) => (answer = resolve));
    serve({
      'GET /api/posts/moss_lover': () => success(feedAnswer('posts', [makePost()], null, { owner })),
      [`GET /api/user/get-user-by-uuid/${OTHER_ID}`]: () => later,
    });
    renderRoute('/moss_lover', { auth: AUTH.guest });
    expect(await screen.findByText('Loading @moss_lover…')).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('article', { name: 'Post by Mary-Jane Moss' })).toBeNull();
    expect(screen.queryByRole('heading', { level: 1, name: 'Mary-Jane Moss' })).toBeNull();
    answer(success({
      uuid: OTHER_ID, username: 'moss_lover', first_name: 'Mary-Jane', last_name: 'Moss', avatar: null, bio: 'Ferns.', suburb_city: null, state: null, country: null,
      motivations: [], phone_verified: false, member_since: '2025-03-14T09:00:00.000Z', pages: null,
    }));
    const about = await screen.findByRole('region', { name: 'About Mary-Jane Moss' });
    expect(screen.getByRole('heading', { level: 1, name: 'Mary-Jane Moss' })).toBeTruthy();
    const post = await screen.findByRole('article', { name: 'Post by Mary-Jane Moss' });
    expect(about.compareDocumentPosition(post) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows a guest no pages, and no phone or place line when the answer has none', async () => {
    const profile = {
      uuid: OTHER_ID, username: 'moss_lover', first_name: 'Mary-Jane', last_name: 'Moss', avatar: null, bio: null, suburb_city: null, state: null, country: null,
      motivations: [], phone_verified: false, member_since: '2025-03-14T09:00:00.000Z', pages: null,
    };
    serve({
      'GET /api/posts/moss_lover': () => success(feedAnswer('posts', [makePost()], null, { owner })),
      [`GET /api/user/get-user-by-uuid/${OTHER_ID}`]: () => success(profile),
    });
    renderRoute('/moss_lover', { auth: AUTH.guest });
    const about = await screen.findByRole('region', { name: 'About Mary-Jane Moss' });
    expect(within(about).getByText('Member since')).toBeTruthy();
    expect(within(about).queryByText('Phone')).toBeNull();
    expect(within(about).queryByText('Pages')).toBeNull();
    expect(within(about).queryByText('Lives in')).toBeNull();
  });

  it('shows the posts without the details when the profile cannot be read', async () => {
    serve({
      'GET /api/posts/moss_lover': () => success(feedAnswer('posts', [makePost()], null, { owner })),
      [`GET /api/user/get-user-by-uuid/${OTHER_ID}`]: () => failure(500, 'internal', 'Something went wrong'),
    });
    renderRoute('/moss_lover', { auth: AUTH.guest });
    expect(await screen.findByRole('article', { name: 'Post by Mary-Jane Moss' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: /^About/ })).toBeNull();
  });

  it('is the not-found page for a handle nobody has', async () => {
    serve({ 'GET /api/posts/nobody_here': () => failure(404, 'not_found', 'User not found') });
    renderRoute('/nobody_here', { auth: AUTH.guest });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByText('/nobody_here', { selector: 'code' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Page Not Found'));
  });
});

const PAGE_ID = '0a0b0c0d-1111-4222-8333-444455556666';
const pageOwner = { type: 'page' as const, id: PAGE_ID, handle: 'wattle_lane', name: 'Wattle Lane Garden', avatar: null };
const pageView = (handle: string, role: 'creator' | 'member' | null = 'creator') => ({
  id: PAGE_ID, handle, name: 'Wattle Lane Garden', category: 'group' as const, avatar: null, cover: null, place: 'Newtown', memberCount: 3, openness: 'open' as const,
  my: role ? { status: 'member' as const, role } : { status: null, role: null }, about: '', tags: [], location: null, addressPublic: false, postingRole: 'moderator' as const,
  requestCount: 0, createdAt: '2026-01-01T00:00:00.000Z',
});
const details = (handle: string, posts: ReturnType<typeof makePost>[], cursorId: string | null = null) =>
  success({ page: pageView(handle), posts, cursorId, counts: { postsAll: posts.length, plantsAll: 0, plantsAvail: 0, news: posts.length, upcomingEvents: 0 }, events: [], event_locations: [], swapRecord: { completed: 0, positiveShare: null, reviews: [] } });

describe('/:handle for a page', () => {
  it('shows the news all-details answered (its staff see the members-only news) without asking for it again', async () => {
    const forMembers = makePost({ id: '22222222-0000-4000-8000-000000000010', text: 'Working bee moved to Sunday.', privacy: 'members', owner: { ...pageOwner } });
    const api = serve({
      'GET /api/posts/wattle_lane': () => success(feedAnswer('posts', [], null, { owner: pageOwner })),
      'GET /api/page/all-details/wattle_lane': () => details('wattle_lane', [forMembers], 'c1'),
      [`GET /api/posts/more/by-page/${PAGE_ID}?cursorId=c1`]: () =>
        success({ posts: [makePost({ id: '22222222-0000-4000-8000-000000000011', text: 'Compost day.', owner: { ...pageOwner } })], cursorId: null }),
    });
    renderRoute('/wattle_lane', { auth: AUTH.member });
    expect(await screen.findByText('Working bee moved to Sunday.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Compost day.')).toBeTruthy();
    expect(api.calls.map((c) => c.url).filter((u) => u.startsWith('/api/posts') || u.startsWith('/api/page'))).toEqual([
      '/api/posts/wattle_lane',
      '/api/page/all-details/wattle_lane',
      `/api/posts/more/by-page/${PAGE_ID}?cursorId=c1`,
    ]);
  });

  it('counts the upcoming dates its events heading lists: one event of 3 dates is "3 upcoming dates"', async () => {
    pageHref('wattle_lane_dates');
    const day = 86_400_000;
    const dates = [3, 10, 17].map((d) => makeCard({ date: { startsAt: new Date(Date.now() + d * day).toISOString() } }));
    serve({
      'GET /api/page/all-details/wattle_lane_dates': () =>
        success({ page: pageView('wattle_lane_dates'), posts: [], cursorId: null, counts: { postsAll: 0, plantsAll: 0, plantsAvail: 0, news: 0, upcomingEvents: 1 }, events: dates, event_locations: [], swapRecord: { completed: 0, positiveShare: null, reviews: [] } }),
    });
    renderRoute('/wattle_lane_dates', { auth: AUTH.guest });
    const heading = await screen.findByRole('heading', { level: 2, name: /^Events/ });
    expect(heading.textContent).toBe('Events (3 upcoming dates)');
    const section = heading.closest('section');
    expect(section && within(section).getAllByRole('listitem')).toHaveLength(3);
  });

  it('opens a page the app has already seen with its one request', async () => {
    pageHref('wattle_lane_two');
    const api = serve({
      'GET /api/page/all-details/wattle_lane_two': () => details('wattle_lane_two', [makePost({ text: 'Seed swap on Saturday.', owner: { ...pageOwner, handle: 'wattle_lane_two' } })]),
    });
    renderRoute('/wattle_lane_two', { auth: AUTH.guest });
    expect(await screen.findByRole('heading', { level: 1, name: 'Wattle Lane Garden' })).toBeTruthy();
    expect(await screen.findByText('Seed swap on Saturday.')).toBeTruthy();
    expect(api.calls.map((c) => c.url).filter((u) => u.startsWith('/api/posts') || u.startsWith('/api/page'))).toEqual(['/api/page/all-details/wattle_lane_two']);
  });

  it('asks about a handle once known as a page\'s as any other when that page is gone', async () => {
    pageHref('was_a_page');
    serve({
      'GET /api/page/all-details/was_a_page': () => failure(404, 'not_found', 'No page has this handle'),
      'GET /api/posts/was_a_page': () => success(feedAnswer('posts', [], null, { owner: { ...owner, handle: 'was_a_page', name: 'Now A Member' } })),
    });
    renderRoute('/was_a_page', { auth: AUTH.member });
    expect(await screen.findByRole('heading', { level: 1, name: 'Now A Member' })).toBeTruthy();
  });

  it('shows the plants listed as the page on its Plants tab, and offers its staff to list one as the page', async () => {
    pageHref('wattle_lane_three');
    const api = serve({
      'GET /api/page/all-details/wattle_lane_three': () => details('wattle_lane_three', []),
      [`GET /api/iam/pages/morepostsbypage/${PAGE_ID}/plant/first`]: () =>
        success({ posts: [makePlant({ owner: { ...pageOwner, handle: 'wattle_lane_three' } })], cursorId: null }),
    });
    renderRoute('/wattle_lane_three', { auth: AUTH.member });
    await screen.findByRole('heading', { level: 1, name: 'Wattle Lane Garden' });
    // (Text queries: the staff's composer makes role queries slow here.)
    expect(screen.getByText('List a plant as Wattle Lane Garden').getAttribute('href')).toBe(`/profile/plants/create?page=${PAGE_ID}`);
    fireEvent.click(screen.getByText('Plants (0)'));
    expect(await screen.findByText('Swiss Cheese Plant')).toBeTruthy();
    expect(api.to(`GET /api/iam/pages/morepostsbypage/${PAGE_ID}/plant/first`)).toHaveLength(1);
  });

  it('offers a member who is not its staff to report the page, and sends the report about the page', async () => {
    pageHref('wattle_lane_five');
    const api = serve({
      'GET /api/page/all-details/wattle_lane_five': () =>
        success({ page: pageView('wattle_lane_five', 'member'), posts: [], cursorId: null, counts: { postsAll: 0, plantsAll: 0, plantsAvail: 0, news: 0, upcomingEvents: 0 }, events: [], event_locations: [], swapRecord: { completed: 0, positiveShare: null, reviews: [] } }),
      'POST /api/iam/reports/new': () => success({ caseId: 'c1', filed: true }, 201),
    });
    renderRoute('/wattle_lane_five', { auth: AUTH.member });
    await screen.findByRole('heading', { level: 1, name: 'Wattle Lane Garden' });
    fireEvent.click(screen.getByRole('button', { name: 'Report Wattle Lane Garden' }));
    expect(await screen.findByRole('dialog', { name: 'Report this page?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByRole('dialog', { name: 'Reported' })).toBeTruthy();
    expect(api.to('POST /api/iam/reports/new')[0]!.body).toMatchObject({ target: { type: 'page', id: PAGE_ID }, reason: 'spam' });
  });

  it('offers no Report to its staff nor to a guest', async () => {
    pageHref('wattle_lane_six');
    serve({ 'GET /api/page/all-details/wattle_lane_six': () => details('wattle_lane_six', []) });
    const { unmount } = renderRoute('/wattle_lane_six', { auth: AUTH.member });
    await screen.findByText('List a plant as Wattle Lane Garden');
    expect(screen.queryByText('Report')).toBeNull();
    unmount();
    renderRoute('/wattle_lane_six', { auth: AUTH.guest });
    await screen.findByRole('heading', { level: 1, name: 'Wattle Lane Garden' });
    expect(screen.queryByText('Report')).toBeNull();
  });

  it('lists the members on its Members tab with their roles\' names, and pages on with "Show more members"', async () => {
    pageHref('wattle_lane_four');
    const member = (i: number, role: 'creator' | 'admin' | 'moderator' | 'member') => ({
      user: { uuid: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, username: `grower_${i}`, name: null, avatar: null },
      role,
      since: '2026-02-01T00:00:00.000Z',
    });
    const api = serve({
      'GET /api/page/all-details/wattle_lane_four': () => details('wattle_lane_four', []),
      [`GET /api/iam/pages/members/${PAGE_ID}`]: (call) =>
        call.url.includes('cursorId=')
          ? success({ members: [member(4, 'member')], cursorId: null })
          : success({ members: [member(1, 'creator'), member(2, 'admin'), member(3, 'moderator')], cursorId: 'next-3' }),
    });
    renderRoute('/wattle_lane_four', { auth: AUTH.member });
    await screen.findByRole('heading', { level: 1, name: 'Wattle Lane Garden' });
    // (Text queries: the staff's composer makes role queries slow here.)
    fireEvent.click(screen.getByText('Members (3)'));
    const roleOf = async (username: string) => (await screen.findByText(`@${username}`)).closest('li')!.textContent;
    expect(await roleOf('grower_1')).toMatch(/@grower_1Founder$/);
    expect(await roleOf('grower_2')).toMatch(/@grower_2Admin$/);
    expect(await roleOf('grower_3')).toMatch(/@grower_3Moderator$/);
    fireEvent.click(screen.getByText('Show more members'));
    expect(await roleOf('grower_4')).toMatch(/@grower_4Member$/);
    await waitFor(() => expect(screen.queryByText('Show more members')).toBeNull());
    expect(api.to(`GET /api/iam/pages/members/${PAGE_ID}`)).toHaveLength(2);
  });
});
