import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { envelopeResponse } from '@/testing/responses';
import { renderRoute } from '@/testing/render-route';

describe('home page', () => {
  it("shows the site's name and tagline from GET /api/site-settings/get-site", async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/site-settings/get-site'
        ? envelopeResponse(200, {
            status: 'success',
            data: { name: 'Fernhouse', tagline: 'Ferns for everyone', defaultLocation: {}, settings: {} },
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

  it('shows a loading state, then an error with a retry when the API is missing', async () => {
    renderRoute('/');
    expect(await screen.findByText('Loading the site details…')).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not load the site details.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Welcome');
  });
});
