import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SITE } from '@shared/site';
import { feedAnswer, makePlant, makePost, uuid } from '@/features/content/testing';
import { envelopeResponse, success } from '@/testing/responses';
import { AUTH, renderRoute } from '@/testing/render-route';
import { removeStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage-keys';
import { serve } from '@/testing/serve';
import { paths } from '@/config/paths';

// The composer is its own feature: here it only has to hand over what it created.
vi.mock('@/features/compose/components/composer', async () => {
  const { mine, makePost: post, uuid: id } = await import('@/features/content/testing');
  return {
    Composer: ({ onCreated }: { onCreated?: (p: ReturnType<typeof post>) => void }) => (
      <button type="button" onClick={() => onCreated?.(mine(post({ id: id(99), text: 'Just potted my first orchid.', reactionCount: 0, commentCount: 0 })))}>
        Share a test post
      </button>
    ),
  };
});

const SITE = { name: 'Fernhouse', tagline: 'Ferns for everyone', defaultLocation: {}, settings: {} };

describe('home page', () => {
  it("shows the site's name and tagline from GET /api/site-settings/get-site", async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/site-settings/get-site'
        ? envelopeResponse(200, {
            status: 'success',
            data: SITE,
          })
        : envelopeResponse(404, { status: 'error', error: { code: 'not_found', message: 'Not found' } }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderRoute('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fernhouse' })).toBeTruthy();
    expect(screen.getByText('Ferns for everyone')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Fernhouse'));
    // The top bar reads the same cached answer: one request.
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/site-settings/get-site')).toHaveLength(1);
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>)['client-platform']).toBe('browser');
  });

  it('shows the default name and tagline while loading (the card keeps its height), then an error with a retry when the API is missing', async () => {
    renderRoute('/');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(DEFAULT_SITE.name);
    expect(screen.getByText(DEFAULT_SITE.tagline)).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(2));
    const [siteAlert, feedAlert] = screen.getAllByRole('alert');
    expect(siteAlert!.textContent).toContain('We could not load the site details.');
    expect(within(siteAlert!).getByRole('button', { name: 'Try again' })).toBeTruthy();
    // The feed fails on its own, with its own retry.
    expect(feedAlert!.textContent).toContain('Could not load posts');
    expect(within(feedAlert!).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome');
  });

  it('shows guests the feed with its filters and counts, and no composer', async () => {
    const api = serve({
      'GET /api/site-settings/get-site': () => success(SITE),
      'GET /api/content-items/recent?filter=postsAll': () => success(feedAnswer('contentItems', [makePost()])),
      'GET /api/content-items/recent?filter=plantsAll': () => success(feedAnswer('contentItems', [makePlant()])),
    });
    renderRoute('/', { auth: AUTH.guest });
    expect(await screen.findByRole('article', { name: 'Post by Mary-Jane Moss' })).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Posts 1,234', selected: true })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Share a test post' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Join the community' }).getAttribute('href')).toBe('/auth/signup');
    fireEvent.click(screen.getByRole('tab', { name: 'Plants 56' }));
    expect(await screen.findByRole('article', { name: 'Swiss Cheese Plant, listed by Mary-Jane Moss' })).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/api/content-items/recent').map((c) => c.url)).toEqual([
      '/api/content-items/recent?filter=postsAll',
      '/api/content-items/recent?filter=plantsAll',
    ]);
  });

  it("reads a guest's feed before the session check answers in a browser that has had no session, and waits for it in one that has", async () => {
    const api = serve({
      'GET /api/site-settings/get-site': () => success(SITE),
      'GET /api/content-items/recent?filter=postsAll': () => success(feedAnswer('contentItems', [makePost()])),
    });
    const feedCalls = () => api.calls.filter((c) => c.path === '/api/content-items/recent');
    // Had a session here: the check may find a member, so the guest's feed is not read meanwhile.
    writeStorage(STORAGE_KEYS.sessionHint, '1');
    const first = renderRoute('/', { auth: AUTH.pending });
    await screen.findByRole('heading', { level: 1, name: 'Fernhouse' });
    expect(feedCalls()).toHaveLength(0);
    first.unmount();
    // Never had one: the guest's feed is read at once (the check is still pending), and the card
    // offers joining.
    removeStorage(STORAGE_KEYS.sessionHint);
    renderRoute('/', { auth: AUTH.pending });
    expect(await screen.findByRole('article', { name: 'Post by Mary-Jane Moss' })).toBeTruthy();
    expect(feedCalls()).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Join the community' })).toBeTruthy();
  });

  it("loads the photos of the first card that has any at once, and the others' as they near the view", async () => {
    serve({
      'GET /api/site-settings/get-site': () => success(SITE),
      'GET /api/content-items/recent?filter=postsAll': () =>
        success(feedAnswer('contentItems', [makePost({ id: uuid(3), text: 'Words only.' }), makePlant({ id: uuid(1) }), makePlant({ id: uuid(2) })])),
    });
    renderRoute('/', { auth: AUTH.guest });
    const list = await screen.findByRole('list', { name: 'Posts' });
    const cards = await within(list).findAllByRole('article');
    expect(cards).toHaveLength(3);
    // The text-only card first: the next card's photo is the one in view, and it does not wait.
    const loading = cards.map((card) => within(card).queryAllByRole('img', { name: 'A rooted cutting in water' }).map((img) => img.getAttribute('loading')));
    expect(loading).toEqual([[], ['eager'], ['lazy']]);
  });

  it('gives members the composer above the feed and puts what they share at its front', async () => {
    serve({
      'GET /api/site-settings/get-site': () => success(SITE),
      'GET /api/content-items/recent?filter=postsAll': () => success(feedAnswer('contentItems', [makePost({ id: uuid(5) })])),
    });
    renderRoute('/', { auth: AUTH.member });
    await screen.findByRole('article', { name: 'Post by Mary-Jane Moss' });
    // The card keeps its two buttons' room: events in place of joining.
    expect(screen.getByRole('link', { name: 'Events near you' }).getAttribute('href')).toBe('/events');
    expect(screen.queryByRole('link', { name: 'Join the community' })).toBeNull();
    fireEvent.click(await screen.findByRole('button', { name: 'Share a test post' }));
    const list = screen.getByRole('list', { name: 'Posts' });
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(2));
    expect(within(list).getAllByRole('article')[0]!.getAttribute('aria-label')).toBe('Post by Fern Gully');
    expect(screen.getByText('Just potted my first orchid.')).toBeTruthy();
    expect(await screen.findByRole('tab', { name: 'Posts 1,235' })).toBeTruthy();
  });
});

describe('home page: For you', () => {
  it('gives members a For you tab reading their interests and pages, with an empty state; guests keep the one feed', async () => {
    let forYou = feedAnswer('contentItems', [makePost({ id: uuid(7), text: 'Fronds unfurling today.' })]);
    const api = serve({
      'GET /api/site-settings/get-site': () => success(SITE),
      'GET /api/content-items/recent?filter=postsAll': () => success(feedAnswer('contentItems', [makePost({ id: uuid(5) })])),
      'GET /api/iam/posts/for-you': () => success({ contentItems: forYou.contentItems, cursorId: null, tags: ['ferns'], pages: 0 }),
    });
    const view = renderRoute('/', { auth: AUTH.member });
    await screen.findByRole('article', { name: 'Post by Mary-Jane Moss' });
    expect(screen.getByRole('tab', { name: 'Latest' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'For you' }));
    expect(await screen.findByText('Fronds unfurling today.')).toBeTruthy();
    expect(screen.getByRole('tabpanel', { name: 'For you' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'interests' }).getAttribute('href')).toBe('/user/interests');
    expect(api.to('GET /api/iam/posts/for-you')).toHaveLength(1);
    // The tab is in the address, and Latest takes it out again.
    expect(view.router.state.location.search).toBe('?feed=for-you');
    fireEvent.click(screen.getByRole('tab', { name: 'Latest' }));
    expect(view.router.state.location.search).toBe('');
    view.unmount();

    // A link to "For you" (the interests screen has one) opens that tab.
    const linked = renderRoute(paths.forYou, { auth: AUTH.member });
    expect(await screen.findByText('Fronds unfurling today.')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'For you' }).getAttribute('aria-selected')).toBe('true');
    linked.unmount();

    forYou = feedAnswer('contentItems', []);
    renderRoute('/', { auth: AUTH.member });
    fireEvent.click(await screen.findByRole('tab', { name: 'For you' }));
    expect(await screen.findByText(/Nothing here yet. Follow a few interests/)).toBeTruthy();
  });

  it('shows guests no For you tab', async () => {
    const api = serve({
      'GET /api/site-settings/get-site': () => success(SITE),
      'GET /api/content-items/recent?filter=postsAll': () => success(feedAnswer('contentItems', [makePost({ id: uuid(5) })])),
    });
    renderRoute('/', { auth: AUTH.guest });
    await screen.findByRole('article', { name: 'Post by Mary-Jane Moss' });
    expect(screen.queryByRole('tab', { name: 'For you' })).toBeNull();
    expect(api.to('GET /api/iam/posts/for-you')).toHaveLength(0);
  });
});

describe('home page: newer posts', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  const hidden = (on: boolean) => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(on ? 'hidden' : 'visible');
    document.dispatchEvent(new Event('visibilitychange'));
  };

  it('checks its first page every minute while in view, offers "N new posts" without moving the list, pauses while hidden, and shows them on a click', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const older = makePost({ id: uuid(1), text: 'Repotted the monstera.' });
    let answer = [older];
    const api = serve({
      'GET /api/site-settings/get-site': () => success(SITE),
      'GET /api/content-items/recent?filter=postsAll': () => success(feedAnswer('contentItems', answer)),
    });
    const reads = () => api.to('GET /api/content-items/recent').length;
    renderRoute('/', { auth: AUTH.guest });
    expect(await screen.findByText('Repotted the monstera.')).toBeTruthy();
    expect(reads()).toBe(1);

    // Nothing new at the first check: no button.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(reads()).toBe(2);
    expect(screen.queryByRole('button', { name: /new post/ })).toBeNull();

    answer = [makePost({ id: uuid(3), text: 'Seed swap on Sunday.' }), makePost({ id: uuid(2), text: 'First fern frond!' }), older];
    await vi.advanceTimersByTimeAsync(59_000);
    expect(reads()).toBe(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(reads()).toBe(3);
    const offer = await screen.findByRole('button', { name: '2 new posts' });
    // The list is as it was until the reader asks.
    expect(screen.queryByText('Seed swap on Sunday.')).toBeNull();
    expect(within(screen.getByRole('list', { name: 'Posts' })).getAllByRole('article')).toHaveLength(1);

    // Hidden: no reads, however long; back in view after a due check, one read at once.
    hidden(true);
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    expect(reads()).toBe(3);
    hidden(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(reads()).toBe(4);

    fireEvent.click(offer);
    const list = screen.getByRole('list', { name: 'Posts' });
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(3));
    expect(list.textContent!.indexOf('Seed swap on Sunday.')).toBeLessThan(list.textContent!.indexOf('Repotted the monstera.'));
    expect(screen.queryByRole('button', { name: /new post/ })).toBeNull();
    // Shown from the page already read: no other request.
    expect(reads()).toBe(4);
  });

  it('counts neither a post moved up by an edit nor older ones a deletion brings onto the page, and marks a page all new as possibly more ("2+ new posts")', async () => {
    const { newerThan } = await import('@/features/content/lib/newer-items');
    const post = (n: number) => makePost({ id: uuid(n) });
    const page = (items: ReturnType<typeof post>[], cursorId: string | null = null) => ({ items, counts: null, cursorId, owner: null });
    const shown = [post(3), post(2), post(1)];
    expect(newerThan(page([post(4), post(1), post(3)]), shown)).toEqual({ count: 1, more: false });
    expect(newerThan(page([post(3), post(1), post(0)]), shown)).toEqual({ count: 0, more: false });
    expect(newerThan(page([post(9), post(8)], 'next'), shown)).toEqual({ count: 2, more: true });
  });
});
