/** Every screen is a page shell: one h1, one main landmark, a document title, inside the 3-col layout. */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AUTH, renderRoute } from '@/testing/render-route';
import { appRoutes } from './routes';

const SAMPLE_PARAMS: Record<string, string> = {
  name: 'ferns',
  randomId: 'ev12ab',
  plantId: 'pl34cd',
  handle: 'green_thumbs',
  username: 'fern_fan',
  userHandle: 'fern_fan',
  pageHandle: 'green_thumbs',
};

const concrete = (path: string) => path.replace(/:(\w+)/g, (_m, p: string) => SAMPLE_PARAMS[p] ?? 'x');

describe('screens', () => {
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
