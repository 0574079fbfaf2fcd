/** The app: providers around the router; starts the session check on mount. */
import type { QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router/dom';
import { initAuth, startSessionChecks } from '@/lib/auth/session';
import { AppProvider } from './provider';
import type { AppRouter } from './router';

export function App({ router, queryClient }: { router: AppRouter; queryClient: QueryClient }) {
  useEffect(() => {
    void initAuth();
    return startSessionChecks(queryClient);
  }, [queryClient]);

  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
