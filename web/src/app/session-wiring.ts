/**
 * Connects the API client to the auth state: the csrf token comes from the profile, and a 401
 * that one refresh cannot cure ends the session and goes to /auth/login (endSession in
 * features/auth/session.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import { loginHref, paths } from '@/config/paths';
import { authStore } from '@/lib/auth/auth-store';
import { endSession } from '@/lib/auth/session';
import { api } from '@/lib/api';

interface Navigator {
  state: { location: { pathname: string; search: string; hash: string } };
  navigate: (to: string, opts?: { replace?: boolean }) => unknown;
}

export function wireSession(router: Navigator, queryClient: QueryClient): void {
  api.configure({
    getCsrfToken: () => authStore.get().user?.csrf_token,
    onSessionExpired: () => {
      endSession(queryClient);
      const here = router.state.location;
      if (here.pathname !== paths.login) void router.navigate(loginHref(here), { replace: true });
    },
  });
}
