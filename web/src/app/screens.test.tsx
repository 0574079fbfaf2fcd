/** Every screen is a page shell: one h1, one main landmark, a document title, inside the 3-col layout. */
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { feedAnswer, makeDetail, makePlant, makePost } from '@/features/content/testing';
import { makeEvent } from '@/features/events/testing';
import { AUTH, renderRoute } from '@/testing/render-route';
import { success } from '@/testing/responses';
import { serve } from '@/testing/serve';
import { appRoutes } from './routes';

// Posts and plants are addressed by UUID; events by their random id (any text).
const POST_ID = '0d9c8b7a-6f5e-4d3c-8b2a-19f8e7d6c5b4';
const PLANT_ID = '1e2d3c4b-5a69-4788-9a6b-5c4d3e2f1a0b';

const SAMPLE_PARAMS: Record<string, string> = {
  name: 'ferns',
  randomId: POST_ID,
  plantId: PLANT_ID,
  handle: 'green_thumbs',
  username: 'fern_fan',
  userHandle: 'fern_fan',
  pageHandle: 'green_thumbs',
};

const concrete = (path: string) => path.replace(/:(\w+)/g, (_m, p: string) => SAMPLE_PARAMS[p] ?? 'x');

describe('screens', () => {
  // The screens that show what exists answer the not-found page for what does not: give them something.
  beforeEach(() => {
    const owner = { type: 'user' as const, id: '7a2d3c4b-5e6f-4a1b-8c9d-0e1f2a3b4c5d', handle: 'green_thumbs', name: 'Green Thumbs', avatar: null };
    serve({
      [`GET /api/post/${POST_ID}`]: () => success(makeDetail({ post: makePost({ id: POST_ID }) })),
      [`GET /api/plant/${PLANT_ID}`]: () => success({ plant: makePlant({ id: PLANT_ID }), comments: [], responders: [] }),
      'GET /api/posts/green_thumbs': () => success(feedAnswer('posts', [makePost({ owner })], null, { owner })),
      [`GET /api/events/${POST_ID}`]: () => success({ event: makeEvent({ randomId: POST_ID, canEdit: true }) }),
    });
  });

  it.each(appRoutes.map((r) => concrete(r.path)))('%s is a page shell with landmarks and one h1', async (path) => {
    renderRoute(path, { auth: AUTH.admin });
    const h1 = await screen.findByRole('heading', { level: 1 });
    expect(h1.textContent?.trim()).not.toBe('');
    expect(h1.textContent).not.toMatch(/Page not found/);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getByRole('navigation', { name: 'Sections' })).toBeTruthy();
    expect(screen.getByRole('complementary', { name: 'Around you' })).toBeTruthy();
    await waitFor(() => expect(document.title).not.toBe(''));
  });
});
