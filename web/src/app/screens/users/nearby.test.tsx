import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { press } from '@/testing/forms';
import { AUTH, renderRoute } from '@/testing/render-route';
import { success } from '@/testing/responses';
import { serve } from '@/testing/serve';

const ORIGIN = { latitude: -33.8978, longitude: 151.1785, suburb_city: 'Newtown', state: 'New South Wales', country: 'Australia', source: 'profile' };
const person = (n: number) => ({
  uuid: `0b6f2f8e-8a4c-4c1e-9f57-2d8c1c7f3a1${n}`, username: `grower_${n}`, first_name: `Grower`, last_name: `${n}`, avatar: null, bio: null,
  suburb_city: 'Newtown', state: 'NSW', country: 'Australia', distance_km: n, cell: { latitude: -33.9, longitude: 151.18 },
});

function serveNearby(count: number) {
  return serve({
    'GET /api/nearby/near-you': () => success({ origin: ORIGIN, radius_km: 20, plants: [], pages: [], events: [] }),
    'PUT /api/users/nearby': () => success({ users: Array.from({ length: count }, (_, i) => person(i + 1)), radius_km: 25 }),
  });
}

/** Opens /users/nearby, waits for its list, leaves for /about and comes back. */
async function visitTwice(count: number) {
  const api = serveNearby(count);
  const { router } = renderRoute('/users/nearby', { auth: AUTH.member });
  await waitFor(() => expect(screen.getAllByText(/@grower_1/).length).toBeGreaterThan(0));
  await act(() => router.navigate('/about'));
  await screen.findByRole('heading', { level: 1, name: 'About' });
  await act(() => router.navigate('/users/nearby'));
  await screen.findByRole('heading', { level: 1, name: 'People near you' });
  await waitFor(() => expect(screen.getAllByText(/@grower_1/).length).toBeGreaterThan(0));
  return api;
}

describe('/users/nearby', () => {
  it('keeps a list of more than one member on return, and loads it again on Refresh', async () => {
    const api = await visitTwice(3);
    expect(api.to('PUT /api/users/nearby')).toHaveLength(1);
    press('Refresh');
    await waitFor(() => expect(api.to('PUT /api/users/nearby')).toHaveLength(2));
  });

  it('loads a list of one member again on return', async () => {
    const api = await visitTwice(1);
    await waitFor(() => expect(api.to('PUT /api/users/nearby')).toHaveLength(2));
    expect(within(document.body).getAllByText(/@grower_1/).length).toBeGreaterThan(0);
  });
});
