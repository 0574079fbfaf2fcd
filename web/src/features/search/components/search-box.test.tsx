import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { SearchResults } from '@shared/answers/search';
import { AUTH, renderRoute } from '@/testing/render-route';
import { failure, success } from '@/testing/responses';
import { serve } from '@/testing/serve';

const owner = { type: 'user' as const, id: 'u-2', handle: 'bea', name: 'Bea Stone' };
const RESULTS: SearchResults = {
  users: [{ id: 'u-1', username: 'monty', name: 'Monty Fern', avatar: null }],
  pages: [],
  tags: [{ name: 'monstera', usageCount: 3 }],
  posts: [],
  plants: [{ id: 'pl-1', commonName: 'Monstera', botanicalName: 'Monstera deliciosa', availability: 'Swap', available: true, snippet: '', photo: null, owner, createdAt: '2026-01-01T00:00:00.000Z' }],
  events: [],
};

async function openBox() {
  renderRoute('/about', { auth: AUTH.member });
  await screen.findByRole('heading', { level: 1, name: 'About' });
  fireEvent.focus(screen.getByRole('searchbox', { name: /^Search members/ }));
  return screen.findByRole('combobox');
}

describe('top bar search box', () => {
  it('suggests hits as a combobox: arrows move the active option, Enter opens it, Escape closes', async () => {
    const api = serve({ 'GET /api/iam/search/term/Mon': () => success(RESULTS) });
    const box = await openBox();
    expect(box.getAttribute('aria-expanded')).toBe('false');
    fireEvent.change(box, { target: { value: 'Mon' } });
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    // Typing is debounced: one call for the term as it stood.
    expect(api.to('GET /api/iam/search/term/Mon')).toHaveLength(1);
    expect(api.calls.filter((c) => c.path.startsWith('/api/iam/search/'))).toHaveLength(1);
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    // Members first, then plants, then tags.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([expect.stringContaining('Monty Fern'), expect.stringContaining('Monstera'), expect.stringContaining('#monstera')]);

    // The listbox holds options only; how many there are is said in a status apart from it.
    expect(within(list).getAllByRole('option')).toHaveLength(list.children.length);
    expect(screen.getByRole('status').textContent).toBe('3 suggestions');

    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    const second = screen.getAllByRole('option')[1]!;
    // The active option is kept in view.
    expect(scrolled.mock.contexts.at(-1)).toBe(second);
    expect(box.getAttribute('aria-activedescendant')).toBe(second.id);
    expect(second.getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    // Up from the first wraps to the last.
    expect(box.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[2]!.id);

    // The first Escape only closes the list: the browser's own clearing of a search box is held back.
    expect(fireEvent.keyDown(box, { key: 'Escape' })).toBe(false);
    expect((box as HTMLInputElement).value).toBe('Mon');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.getAttribute('aria-activedescendant')).toBeNull();
    fireEvent.keyDown(box, { key: 'Escape' });
    expect((box as HTMLInputElement).value).toBe('');
    delete (Element.prototype as { scrollIntoView?: unknown }).scrollIntoView;
  });

  it('Enter on an option goes to it; Enter with none chosen shows every result', async () => {
    serve({ 'GET /api/iam/search/term/mon': () => success(RESULTS) });
    const { router } = renderRoute('/about', { auth: AUTH.member });
    await screen.findByRole('heading', { level: 1, name: 'About' });
    fireEvent.focus(screen.getByRole('searchbox', { name: /^Search members/ }));
    const box = await screen.findByRole('combobox');
    fireEvent.change(box, { target: { value: 'mon' } });
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(3));
    fireEvent.keyDown(box, { key: 'ArrowDown' });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/monty'));

    fireEvent.focus(screen.getByRole('combobox'));
    fireEvent.keyDown(screen.getByRole('combobox'), { key: 'Enter' });
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/search?q=mon'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Plants' })).toBeTruthy();
  });

  it('the results page says when nothing matches and when the search failed', async () => {
    serve({
      'GET /api/iam/search/term/zzz': () => success({ ...RESULTS, users: [], tags: [], plants: [] }),
      'GET /api/iam/search/term/broken': () => failure(503, 'unavailable', 'Try again'),
    });
    const { router } = renderRoute('/search?q=zzz', { auth: AUTH.member });
    expect(await screen.findByText('Nothing matches “zzz”.')).toBeTruthy();
    void router.navigate('/search?q=broken');
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});
