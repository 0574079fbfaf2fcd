import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FEED_FILTERS, FEED_MORE_PAUSE_MS, PAGE_SIZE, type FeedFilter } from '@shared/constants';
import { AUTH } from '@/testing/render-route';
import { failure, success } from '@/testing/responses';
import { serve } from '@/testing/serve';
import { contentFeed } from '../api/feeds';
import { COUNTS, feedAnswer, makePlant, makePost, renderContent, uuid } from '../testing';
import { Feed } from './feed';

function Harness({ initial = 'postsAll' as FeedFilter, pauseMs }: { initial?: FeedFilter; pauseMs?: number }) {
  const [filter, setFilter] = useState<FeedFilter>(initial);
  return <Feed source={contentFeed('guest')} filters={FEED_FILTERS} filter={filter} onFilterChange={setFilter} title="Latest" pauseMs={pauseMs} />;
}

const posts = (from: number, n: number) => Array.from({ length: n }, (_, i) => makePost({ id: uuid(from + i), text: `Post number ${from + i}` }));
const shownTexts = () => within(screen.getByRole('list', { name: 'Posts' })).getAllByText(/^Post number/).map((p) => p.textContent);
const RECENT = '/api/content-items/recent';
const PAUSE_SEEN_MS = 1500;

// Drawing waits on React's background renders: on a loaded machine a test takes seconds.
describe('Feed', { timeout: 20_000 }, () => {
  it('shows each filter with its count (thousands separated) and loads a filter when its tab is chosen', async () => {
    const api = serve({
      [`GET ${RECENT}?filter=postsAll`]: () => success(feedAnswer('contentItems', posts(1, 1))),
      [`GET ${RECENT}?filter=plantsAvail`]: () => success(feedAnswer('contentItems', [makePlant()], null, { counts: { ...COUNTS, plantsAvail: 1007 } })),
    });
    renderContent(<Harness />, { auth: AUTH.guest });
    await screen.findByText('Post number 1');
    await waitFor(() => expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Posts1,234', 'Plants56', 'Available7', 'News0']));
    expect(screen.getByRole('tab', { name: 'Posts 1,234' }).getAttribute('aria-selected')).toBe('true');

    fireEvent.click(screen.getByRole('tab', { name: 'Available 7' }));
    expect(await screen.findByText('Swiss Cheese Plant')).toBeTruthy();
    expect((await screen.findByRole('tab', { name: 'Available 1,007' })).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(screen.getByRole('tab', { selected: true }).id);
    expect(api.to(`GET ${RECENT}`).map((c) => c.url)).toEqual([`${RECENT}?filter=postsAll`, `${RECENT}?filter=plantsAvail`]);
  });

  it('moves between tabs with the arrow keys', async () => {
    serve({
      [`GET ${RECENT}?filter=postsAll`]: () => success(feedAnswer('contentItems', posts(1, 1))),
      [`GET ${RECENT}?filter=news`]: () => success(feedAnswer('contentItems', [])),
    });
    renderContent(<Harness />, { auth: AUTH.guest });
    await screen.findByText('Post number 1');
    fireEvent.keyDown(screen.getByRole('tab', { selected: true }), { key: 'ArrowLeft' });
    await waitFor(() => expect(screen.getByRole('tab', { selected: true }).textContent).toContain('News'));
    expect(document.activeElement).toBe(screen.getByRole('tab', { selected: true }));
  });

  it('appends the next page with "Load more", pauses after each page, and stops when cursorId is null', async () => {
    const api = serve({
      [`GET ${RECENT}?filter=postsAll`]: () => success(feedAnswer('contentItems', posts(1, 2), 'c1')),
      'GET /api/content-items/more/c1?filter=postsAll': () => success(feedAnswer('contentItems', posts(3, 2), 'c/2')),
      'GET /api/content-items/more/c%2F2?filter=postsAll': () => success(feedAnswer('contentItems', posts(5, 1), null)),
    });
    // A pause longer than drawing a page takes on a busy machine, so the button is seen paused.
    renderContent(<Harness pauseMs={PAUSE_SEEN_MS} />, { auth: AUTH.guest });
    await screen.findByText('Post number 2');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Post number 4');
    expect(shownTexts()).toEqual(['Post number 1', 'Post number 2', 'Post number 3', 'Post number 4']);
    // The pause: no loading again straight away.
    const more = screen.getByRole('button', { name: 'Load more' }) as HTMLButtonElement;
    expect(more.disabled).toBe(true);
    await waitFor(() => expect(more.disabled).toBe(false));
    fireEvent.click(more);
    await screen.findByText('Post number 5');
    expect(shownTexts()).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText('You have reached the end.')).toBeTruthy();
    expect(api.calls.map((c) => c.url)).toEqual([
      `${RECENT}?filter=postsAll`,
      '/api/content-items/more/c1?filter=postsAll',
      '/api/content-items/more/c%2F2?filter=postsAll',
    ]);
  });

  it('loads more by itself when the end of the list is in view, FEED_MORE_PAUSE_MS apart', async () => {
    const observed: number[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: IntersectionObserverCallback) {}
        observe(target: Element) {
          observed.push(Date.now());
          // The end of the list is always in view here.
          queueMicrotask(() => this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as unknown as IntersectionObserver));
        }
        disconnect() {}
        unobserve() {}
        takeRecords() {
          return [];
        }
      },
    );
    const at: Record<string, number> = {};
    serve({
      [`GET ${RECENT}?filter=postsAll`]: () => success(feedAnswer('contentItems', posts(1, 1), 'c1')),
      'GET /api/content-items/more/c1?filter=postsAll': () => {
        at.second = Date.now();
        return success(feedAnswer('contentItems', posts(2, 1), 'c2'));
      },
      'GET /api/content-items/more/c2?filter=postsAll': () => {
        at.third = Date.now();
        return success(feedAnswer('contentItems', posts(3, 1), null));
      },
    });
    renderContent(<Harness />, { auth: AUTH.guest });
    await screen.findByText('Post number 3');
    expect(shownTexts()).toEqual(['Post number 1', 'Post number 2', 'Post number 3']);
    expect(at.third! - at.second!).toBeGreaterThanOrEqual(FEED_MORE_PAUSE_MS - 5);
    // Nothing more to load: no observer watches any longer.
    const count = observed.length;
    await new Promise((r) => setTimeout(r, FEED_MORE_PAUSE_MS + 50));
    expect(observed.length).toBe(count);
  });

  it('draws every card of a full page, and asks for the next page only once all are drawn', async () => {
    const cardsWhenAsked: number[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: IntersectionObserverCallback) {}
        observe(target: Element) {
          // The end of the list is always in view here, however few cards are drawn.
          queueMicrotask(() => this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as unknown as IntersectionObserver));
        }
        disconnect() {}
        unobserve() {}
        takeRecords() {
          return [];
        }
      },
    );
    serve({
      [`GET ${RECENT}?filter=postsAll`]: () => success(feedAnswer('contentItems', posts(1, PAGE_SIZE), 'c1')),
      'GET /api/content-items/more/c1?filter=postsAll': () => {
        cardsWhenAsked.push(screen.queryAllByText(/^Post number/).length);
        return success(feedAnswer('contentItems', posts(PAGE_SIZE + 1, 1), null));
      },
    });
    renderContent(<Harness />, { auth: AUTH.guest });
    await screen.findByText(`Post number ${PAGE_SIZE + 1}`);
    expect(shownTexts()).toEqual(Array.from({ length: PAGE_SIZE + 1 }, (_, i) => `Post number ${i + 1}`));
    expect(cardsWhenAsked).toEqual([PAGE_SIZE]);
  });

  it('does not reload a list of more than one item on return, unless a change elsewhere marked it out of date', async () => {
    const api = serve({ [`GET ${RECENT}?filter=postsAll`]: () => success(feedAnswer('contentItems', posts(1, 2))) });
    function Toggle() {
      const [shown, setShown] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setShown((s) => !s)}>
            Toggle
          </button>
          {shown ? <Harness /> : null}
        </>
      );
    }
    const { queryClient } = renderContent(<Toggle />, { auth: AUTH.guest });
    await screen.findByText('Post number 2');
    fireEvent.click(screen.getByRole('button', { name: 'Toggle' }));
    fireEvent.click(screen.getByRole('button', { name: 'Toggle' }));
    await screen.findByText('Post number 2');
    // Remounted within the cache's life: no fetch starts (one would count while in flight).
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(api.calls).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: 'Toggle' }));
    await queryClient.invalidateQueries({ refetchType: 'none' });
    fireEvent.click(screen.getByRole('button', { name: 'Toggle' }));
    await waitFor(() => expect(api.calls).toHaveLength(2));
  });

  it('says what an empty filter means', async () => {
    serve({
      [`GET ${RECENT}?filter=postsAll`]: () => success(feedAnswer('contentItems', [])),
      [`GET ${RECENT}?filter=plantsAvail`]: () => success(feedAnswer('contentItems', [])),
    });
    renderContent(<Harness />, { auth: AUTH.guest });
    expect(await screen.findByText('No posts yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: /^Available/ }));
    expect(await screen.findByText('No plants are available right now.')).toBeTruthy();
  });

  it('shows a loading skeleton, then an error with a retry that loads again', async () => {
    let calls = 0;
    serve({
      [`GET ${RECENT}?filter=postsAll`]: () => (++calls === 1 ? failure(400, 'bad_request', 'The feed is resting') : success(feedAnswer('contentItems', posts(1, 1)))),
    });
    renderContent(<Harness />, { auth: AUTH.guest });
    expect(screen.getByRole('status').textContent).toBe('Loading posts…');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Could not load posts');
    expect(alert.textContent).toContain('The feed is resting');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Post number 1')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
