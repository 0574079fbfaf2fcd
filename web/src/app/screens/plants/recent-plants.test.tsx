import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { feedAnswer, makePlant, uuid } from '@/features/content/testing';
import { AUTH, renderRoute } from '@/testing/render-route';
import { success } from '@/testing/responses';
import { serve } from '@/testing/serve';

const plant = (n: number, name: string) => makePlant({ id: uuid(n), plant: { commonName: name, availability: 'Available for sale' } });

describe('/_recent-plants', () => {
  it('lists recent plants, pages with cursorId, and filters to the available ones', async () => {
    const api = serve({
      'GET /api/plants/recent/plantsAll': () => success(feedAnswer('plants', [plant(1, 'fern')], 'c1')),
      'GET /api/plants/recent/more/plantsAll?cursorId=c1': () => success(feedAnswer('plants', [plant(2, 'cactus')], null)),
      'GET /api/plants/recent/plantsAvail': () => success(feedAnswer('plants', [plant(3, 'aloe')], null)),
    });
    renderRoute('/_recent-plants', { auth: AUTH.guest });
    expect(await screen.findByRole('heading', { level: 1, name: 'Recent plants' })).toBeTruthy();
    await screen.findByRole('link', { name: 'Fern' });
    await waitFor(() => expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Plants56', 'Available7']));
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: 'Cactus' });
    expect(screen.getByRole('link', { name: 'Fern' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull());
    fireEvent.click(screen.getByRole('tab', { name: /^Available/ }));
    await screen.findByRole('link', { name: 'Aloe' });
    expect(api.calls.filter((c) => c.path.startsWith('/api/plants/')).map((c) => c.url)).toEqual([
      '/api/plants/recent/plantsAll',
      '/api/plants/recent/more/plantsAll?cursorId=c1',
      '/api/plants/recent/plantsAvail',
    ]);
  });
});
