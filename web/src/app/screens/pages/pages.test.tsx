import { act, fireEvent, screen, waitFor } from '@testing-library/react';
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

  it('reads on past a page of words that came back empty with more to read, and says nothing matched only at the end', async () => {
    const api = serve({
      'GET /api/page/get-all/all': (call) => {
        const cursor = new URL(call.url, 'http://x').searchParams.get('cursorId');
        if (!cursor) return success({ pages: [], cursorId: 'k1' });
        if (cursor === 'k1') return success({ pages: [], cursorId: 'k2' });
        return success({ pages: [card(4, 'Quiet Fern Circle')], cursorId: null });
      },
    });
    renderRoute('/pages?q=quiet', { auth: AUTH.guest });
    await screen.findByRole('link', { name: 'Quiet Fern Circle' });
    expect(api.to('GET /api/page/get-all/all')).toHaveLength(3);
    expect(screen.queryByText(/No page has a word/)).toBeNull();
  });

  it('says so when no page matches', async () => {
    serve({ 'GET /api/page/get-all/all': () => success({ pages: [], cursorId: null }) });
    renderRoute('/pages', { auth: AUTH.guest });
    expect(await screen.findByText(/No pages yet/)).toBeTruthy();
  });

  it('searches by any word of the name kept in the address, says what found nothing, and clears it; Back brings the words back', async () => {
    const api = serve({
      'GET /api/page/get-all/all': (call) => {
        const q = new URL(call.url, 'http://x').searchParams.get('q');
        return success({ pages: q === 'orchid' ? [] : q === 'fern' ? [card(3, 'Sydney Fern Society')] : [card(1, 'Acacia Growers'), card(3, 'Sydney Fern Society')], cursorId: null });
      },
    });
    const { router } = renderRoute('/pages?q=fern', { auth: AUTH.guest });
    await screen.findByRole('link', { name: 'Sydney Fern Society' });
    expect(screen.queryByRole('link', { name: 'Acacia Growers' })).toBeNull();
    const field = screen.getByRole('searchbox', { name: 'Name' }) as HTMLInputElement;
    expect(field.value).toBe('fern');
    fireEvent.change(field, { target: { value: 'orchid' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=orchid'));
    expect(await screen.findByText(/No page has a word of its name starting with “orchid”/)).toBeTruthy();
    expect(api.to('GET /api/page/get-all/all').at(-1)!.url).toContain('q=orchid');
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await screen.findByRole('link', { name: 'Acacia Growers' });
    expect(router.state.location.search).toBe('');
    expect(field.value).toBe('');
    await act(() => router.navigate(-1));
    await waitFor(() => expect(field.value).toBe('orchid'));
  });
});
