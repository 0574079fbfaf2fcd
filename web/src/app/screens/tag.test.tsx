import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { feedAnswer, makePlant, makePost } from '@/features/content/testing';
import { interestsAnswer } from '@/features/tags/testing';
import { AUTH, makeUser, renderRoute } from '@/testing/render-route';
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

  it('lets a member follow the tag and stop following it; guests see no button', async () => {
    let held = interestsAnswer([]);
    const me = makeUser().uuid;
    const api = serve({
      'GET /api/iam/posts/tag/ferns': () => success(feedAnswer('contentItems', [makePost()])),
      [`GET /api/iam/tags/user-interests/${me}`]: () => success(held),
      'POST /api/iam/tags/new-interests': () => {
        held = interestsAnswer([['ferns', 'grow']]);
        return success({ changed: ['ferns'], count: 1 });
      },
      'DELETE /api/iam/tags/delete-interests': () => {
        held = interestsAnswer([]);
        return success({ changed: ['ferns'], count: 0 });
      },
    });
    renderRoute('/tag/ferns', { auth: AUTH.member });
    // Disabled until the member's interests are read.
    await waitFor(() => expect((screen.getByRole('button', { name: 'Follow' }) as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(screen.getByRole('button', { name: 'Follow' }));
    const following = await screen.findByRole('button', { name: 'Following' });
    expect(following.getAttribute('aria-pressed')).toBe('true');
    expect(api.to('POST /api/iam/tags/new-interests')[0]!.body).toMatchObject({ tagIdArr: ['ferns'], interestType: 'grow' });
    fireEvent.click(following);
    await waitFor(() => expect((screen.getByRole('button', { name: 'Follow' }) as HTMLButtonElement).disabled).toBe(false));
    expect(api.to('DELETE /api/iam/tags/delete-interests')[0]!.body).toMatchObject({ tagIdArr: ['ferns'], interestType: 'grow' });
  });

  it('stops only the kind it follows: the others, chosen on the interests screen, stay and are named', async () => {
    let held = interestsAnswer([['ferns', 'grow'], ['ferns', 'swap'], ['ferns', 'learn']]);
    const me = makeUser().uuid;
    const api = serve({
      'GET /api/iam/posts/tag/ferns': () => success(feedAnswer('contentItems', [makePost()])),
      [`GET /api/iam/tags/user-interests/${me}`]: () => success(held),
      'DELETE /api/iam/tags/delete-interests': () => {
        held = interestsAnswer([['ferns', 'swap'], ['ferns', 'learn']]);
        return success({ changed: ['ferns'], count: 2 });
      },
    });
    renderRoute('/tag/ferns', { auth: AUTH.member });
    fireEvent.click(await screen.findByRole('button', { name: 'Following' }));
    expect(await screen.findByRole('button', { name: 'Follow' })).toBeTruthy();
    const stops = api.to('DELETE /api/iam/tags/delete-interests');
    expect(stops).toHaveLength(1);
    expect(stops[0]!.body).toMatchObject({ tagIdArr: ['ferns'], interestType: 'grow' });
    expect(screen.getByText(/Also in your interests as: I swap it, I want to learn/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change your interests' }).getAttribute('href')).toBe('/user/interests');
  });

  it('shows guests no Follow button', async () => {
    serve({ 'GET /api/posts/tag/ferns': () => success(feedAnswer('contentItems', [makePost()])) });
    renderRoute('/tag/ferns', { auth: AUTH.guest });
    await screen.findByRole('article', { name: 'Post by Mary-Jane Moss' });
    expect(screen.queryByRole('button', { name: 'Follow' })).toBeNull();
  });
});
