/** Renders the app's routes at a path with a memory router, a fresh query client and a given auth state. */
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { buildRoutes } from '@/app/router';
import type { AppRoute } from '@/app/routes';
import { wireSession } from '@/app/session-wiring';
import { authStore } from '@/lib/auth/auth-store';
import type { AuthState, Profile } from '@/lib/auth/types';
import { createQueryClient } from '@/lib/query-client';

export function makeUser(overrides: Partial<Profile> = {}): Profile {
  return {
    uuid: '6f1c1f7e-3c1b-4a7e-9d55-0c9f0c2d4a11',
    username: 'fern_fan',
    email: 'fern@example.com',
    first_name: 'Fern',
    last_name: 'Gully',
    bio: null,
    motivations: [],
    avatar: null,
    csrf_token: 'csrf-123',
    email_verified: true,
    registration_complete: true,
    is_admin: false,
    suspended: false,
    phone_verified: false,
    location: { latitude: -33.87, longitude: 151.21 },
    suburb_city: 'Sydney',
    state: 'NSW',
    country: 'Australia',
    created_at: '2025-01-02T03:04:05.000Z',
    ...overrides,
  };
}

/** What an account lacks until `register`. */
const UNREGISTERED: Partial<Profile> = {
  registration_complete: false,
  username: null,
  first_name: null,
  last_name: null,
  location: null,
  suburb_city: null,
  state: null,
  country: null,
};

export const AUTH = {
  pending: { loggedIn: undefined, user: null },
  guest: { loggedIn: false, user: null },
  unverified: { loggedIn: true, user: makeUser({ email_verified: false, ...UNREGISTERED }) },
  unregistered: { loggedIn: true, user: makeUser(UNREGISTERED) },
  member: { loggedIn: true, user: makeUser() },
  admin: { loggedIn: true, user: makeUser({ is_admin: true }) },
} satisfies Record<string, Partial<AuthState>>;

export function renderRoute(path: string, options: { auth?: Partial<AuthState>; config?: readonly AppRoute[] } = {}) {
  authStore.set({ ...(options.auth ?? AUTH.guest) });
  const router = createMemoryRouter(buildRoutes(options.config), { initialEntries: [path] });
  const queryClient = createQueryClient();
  // As main.tsx does: the csrf token from the store, and a 401 that no refresh cures ends the session.
  wireSession(router, queryClient);
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
