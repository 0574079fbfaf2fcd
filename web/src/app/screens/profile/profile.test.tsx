import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { feedAnswer, makePost, MEMBER_ID, mine, uuid } from '@/features/content/testing';
import { AUTH, renderRoute } from '@/testing/render-route';
import { success } from '@/testing/responses';
import { serve } from '@/testing/serve';

vi.mock('@/features/compose/components/composer', async () => {
  const { mine: own, makePost: post, uuid: id } = await import('@/features/content/testing');
  return {
    Composer: ({ onCreated }: { onCreated?: (p: ReturnType<typeof post>) => void }) => (
      <button type="button" onClick={() => onCreated?.(own(post({ id: id(99), privacy: 'private', text: 'A note to self' })))}>
        Share a test post
      </button>
    ),
  };
});

describe('/profile', () => {
  it("shows the member's card with their counts, and all their posts, private ones too", async () => {
    const api = serve({
      'GET /api/iam/posts/bymyuser/first': () => success(feedAnswer('posts', [mine(makePost({ privacy: 'private', text: 'Only for me' }))], 'c1')),
      'GET /api/iam/posts/bymyuser/c1': () => success(feedAnswer('posts', [mine(makePost({ id: uuid(3), text: 'An older one' }))], null)),
      [`GET /api/iam/usercounts/byuser/${MEMBER_ID}`]: () => success({ counts: { postsAll: 2001, plantsAll: 3, plantsAvail: 1, news: 0 } }),
    });
    renderRoute('/profile', { auth: AUTH.member });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your profile' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Fern Gully' })).toBeTruthy();
    expect(await screen.findByText('2,001 posts')).toBeTruthy();
    expect(screen.getByText('1 available')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See your public profile' }).getAttribute('href')).toBe('/fern_fan');
    const card = await screen.findByRole('article', { name: 'Post by Fern Gully' });
    expect(within(card).getByText('Only for me')).toBeTruthy();
    expect(within(card).getByText('Private: only you')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('An older one')).toBeTruthy();
    expect(api.calls.map((c) => c.url).filter((u) => u.includes('bymyuser'))).toEqual(['/api/iam/posts/bymyuser/first', '/api/iam/posts/bymyuser/c1']);
  });

  it('puts what the member shares at the front of their posts, private ones included', async () => {
    serve({
      'GET /api/iam/posts/bymyuser/first': () => success(feedAnswer('posts', [mine(makePost())])),
      [`GET /api/iam/usercounts/byuser/${MEMBER_ID}`]: () => success({ counts: { postsAll: 1, plantsAll: 0, plantsAvail: 0, news: 0 } }),
    });
    renderRoute('/profile', { auth: AUTH.member });
    await screen.findByRole('article', { name: 'Post by Fern Gully' });
    fireEvent.click(screen.getByRole('button', { name: 'Share a test post' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(within(screen.getAllByRole('article')[0]!).getByText('A note to self')).toBeTruthy();
  });
});
