/** A route's guard as an element: renders the screen, redirects, shows not-found, or waits. */
import { Navigate, Outlet, useLocation, useNavigation, useParams } from 'react-router';
import { NotFoundScreen } from '@/components/errors/not-found';
import { Loading } from '@/components/loading';
import { useAuth } from '@/lib/auth/auth-store';
import { resolveGuard } from './guards';
import type { AppRoute } from './routes';

export function RouteGuard({ guard, check }: { guard: string; check?: AppRoute['check'] }) {
  const auth = useAuth();
  const location = useLocation();
  const params = useParams();
  const navigation = useNavigation();
  const rule = resolveGuard(guard);

  const checked = check?.(params);
  if (checked?.kind === 'not-found') return <NotFoundScreen />;
  if (checked?.kind === 'redirect') return <Navigate to={`${checked.to}${location.search}${location.hash}`} replace />;

  const result = rule(auth, location);
  switch (result.kind) {
    case 'allow':
      return <Outlet />;
    case 'redirect':
      // Leaving already (a logout on its way to its target): this screen is about to go, so no
      // redirect of its own — it would win over the navigation under way.
      if (navigation.state !== 'idle') return <Loading label="Just a moment…" />;
      return <Navigate to={result.to} replace />;
    case 'not-found':
      return <NotFoundScreen />;
    case 'pending':
      return <Loading label="Checking your session…" />;
  }
}
