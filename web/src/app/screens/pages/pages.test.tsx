import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { uuid } from '@/features/content/testing';
import { AUTH, renderRoute } from '@/testing/render-route';
import { success } from '@/testing/responses';
import { serve } from '@/testing/serve';

const card = (n: number, name: string) => ({
  id: uuid(n, '3'), handle: `page_${n}`, name, category: 'group', avatar: null, place: 'Newtown, New South Wales, Australia',
  memberCount: n, openness: 'open', my: { status: 'none', role: null },
});

describe('/pages', () => {
  it('lists pages by name and shows more with the cursor the first page handed out', async () => {
    const api = serve({
      'GET /api/page/get-all/all': () => success({ pages: [card(1, 'Acacia Growers')], cursorId: 'next' }),
      'GET /api/page/get-all/all?cursorId=next': () => success({ pages: [card(2, 'Banksia Club')], cursorId: null }),
    });
    renderRoute('/pages', { auth: AUTH.guest });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pages' })).toBeTruthy();
    await screen.findByRole('link', { name: 'Acacia Growers' });
    expect(screen.getByText(/1 member$/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign in to join' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show more pages' }));
    await screen.findByRole('link', { name: 'Banksia Club' });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Show more pages' })).toBeNull());
    expect(api.to('GET /api/page/get-all/all')).toHaveLength(2);
  });

  it('says so when no page matches', async () => {
    serve({ 'GET /api/page/get-all/all': () => success({ pages: [], cursorId: null }) });
    renderRoute('/pages', { auth: AUTH.guest });
    expect(await screen.findByText(/No pages yet/)).toBeTruthy();
  });
});
