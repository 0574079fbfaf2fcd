/**
 * Builds the data router from the route config (routes.ts): root (chrome) → one pathless route
 * per layout → one route per screen whose element is its guard, with the screen as a lazy index
 * child. Guard and layout names are resolved here, so a wrong name fails at start-up.
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { NotFoundScreen } from '@/components/errors/not-found';
import { RouteErrorView } from '@/components/errors/error-view';
import { RootErrorScreen } from '@/app/root-error';
import { LayoutOutlet, resolveLayout } from '@/app/layouts/layouts';
import { Loading } from '@/components/loading';
import { resolveGuard } from './guards';
import { RootLayout } from './root-layout';
import { RouteGuard } from './route-guard';
import { appRoutes, type AppRoute, type LayoutName } from './routes';

export const DEFAULT_LAYOUT: LayoutName = '3-col';

export function buildRoutes(config: readonly AppRoute[] = appRoutes): RouteObject[] {
  const byLayout = new Map<LayoutName, RouteObject[]>();
  const add = (layout: LayoutName, route: RouteObject) => {
    const list = byLayout.get(layout) ?? [];
    list.push(route);
    byLayout.set(layout, list);
  };

  for (const route of config) {
    resolveGuard(route.guard);
    const layout = route.layout ?? DEFAULT_LAYOUT;
    resolveLayout(layout);
    add(layout, {
      path: route.path,
      element: <RouteGuard guard={route.guard} check={route.check} />,
      errorElement: <RouteErrorView />,
      children: [
        {
          index: true,
          lazy: async () => ({ Component: (await route.screen()).default }),
        },
      ],
    });
  }
  add(DEFAULT_LAYOUT, { path: '*', element: <NotFoundScreen /> });

  return [
    {
      id: 'root',
      element: <RootLayout />,
      errorElement: <RootErrorScreen />,
      hydrateFallbackElement: <Loading className="justify-center" />,
      children: [...byLayout].map(([layout, children]) => ({ element: <LayoutOutlet name={layout} />, children })),
    },
  ];
}

export function createAppRouter(config: readonly AppRoute[] = appRoutes) {
  return createBrowserRouter(buildRoutes(config));
}

export type AppRouter = ReturnType<typeof createAppRouter>;
