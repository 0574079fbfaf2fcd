import { screen, waitFor } from '@testing-library/react';
import { act } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '@/testing/render-route';

describe('scrolling on route change', () => {
  let scrollTo: ReturnType<typeof vi.fn>;
  let scrollIntoView: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    scrollTo = vi.fn();
    scrollIntoView = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    Element.prototype.scrollIntoView = scrollIntoView as unknown as Element['scrollIntoView'];
  });

  it('scrolls to the top on every navigation', async () => {
    const { router } = renderRoute('/about');
    await screen.findByRole('heading', { level: 1, name: 'About' });
    // The first page's own scroll to the top runs in an effect after that render: let it land first.
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
    scrollTo.mockClear();
    await act(() => router.navigate('/events'));
    await screen.findByRole('heading', { level: 1, name: 'Events' });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('scrolls to the element the hash names instead', async () => {
    const { router } = renderRoute('/about');
    await screen.findByRole('heading', { level: 1, name: 'About' });
    // The first page's own scroll to the top runs in an effect after that render: let it land first.
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
    scrollTo.mockClear();
    // The footer is on every page: a stable hash target.
    document.querySelector('footer')!.id = 'site-footer';
    await act(() => router.navigate('/about#site-footer'));
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('site-footer'));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('falls back to the top when the hash names nothing', async () => {
    const { router } = renderRoute('/about');
    await screen.findByRole('heading', { level: 1, name: 'About' });
    // The first page's own scroll to the top runs in an effect after that render: let it land first.
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
    scrollTo.mockClear();
    await act(() => router.navigate('/events#nothing-here'));
    await screen.findByRole('heading', { level: 1, name: 'Events' });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    expect(scrollIntoView).not.toHaveBeenCalled();
  });
});
