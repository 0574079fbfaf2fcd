import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { feedAnswer, makePlant, makePost } from '@/features/content/testing';
import { AUTH, renderRoute } from '@/testing/render-route';
import { success } from '@/testing/responses';
import { serve } from '@/testing/serve';

describe('/tag/:name', () => {
  it('lists the posts and plants with the tag, with how many there are', async () => {
    const api = serve({ 'GET /api/posts/tag/house%20plants': () => success(feedAnswer('contentItems', [makePost(), makePlant()])) });
    renderRoute('/tag/House%20Plants', { auth: AUTH.guest });
    expect(await screen.findByRole('heading', { level: 1, name: '#house plants' })).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Post by Mary-Jane Moss' })).toBeTruthy();
    expect(screen.getByRole('article', { name: 'Swiss Cheese Plant, listed by Mary-Jane Moss' })).toBeTruthy();
    await waitFor(() => expect(screen.getByText('1,234 posts and 56 plants tagged house plants.')).toBeTruthy());
    expect(screen.queryByRole('tab')).toBeNull();
    expect(api.calls.map((c) => c.url).filter((u) => u.startsWith('/api/posts/tag'))).toEqual(['/api/posts/tag/house%20plants']);
  });

  it('is the not-found page for a name that cannot be a tag', async () => {
    const api = serve({});
    renderRoute('/tag/%21%21', { auth: AUTH.guest });
    expect(await screen.findByRole('heading', { level: 1, name: /Page not found/ })).toBeTruthy();
    expect(api.calls.filter((c) => c.path.startsWith('/api/posts/tag'))).toHaveLength(0);
  });
});
