/**
 * The three layouts a route can ask for (AppRoute.layout in app/routes.ts). 3-col (the default): sections on the left, the screen in the
 * middle, "around you" on the right; on a phone one column (the top bar's menu replaces the
 * left column; the right column is left out, its content being the nearby screens'). `default`: one centred column.
 * `no-margin`: the screen edge to edge.
 */
import type { ComponentType, ReactNode } from 'react';
import { Outlet } from 'react-router';
import type { LayoutName } from '../routes';
import { MainContent } from '@/components/layouts/main-content';
import { useMediaQuery } from '@/hooks/use-media-query';
import { RightRail } from './right-rail';
import { SideNav } from './side-nav';

type LayoutProps = { children: ReactNode };

/** Where the "around you" panel has a column of its own (Tailwind's md). */
export const RAIL_MEDIA = '(min-width: 48rem)';

export function ThreeColLayout({ children }: LayoutProps) {
  const wide = useMediaQuery(RAIL_MEDIA);
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 md:grid md:grid-cols-[minmax(0,1fr)_15rem] md:gap-6 lg:grid-cols-[12rem_minmax(0,1fr)_17rem] lg:gap-8">
      <SideNav className="hidden lg:block" />
      {/* At least a screen tall: the footer starts below the fold, so a screen's content arriving
          moves nothing in view. */}
      <MainContent className="min-h-screen">{children}</MainContent>
      {/* Beside the screen from md up. A phone has no room beside it, and below a screen-tall
          column the panel would sit past a blank gap: the nearby screens (Plants, Pages, Events in
          the menu) give a phone what it tells. */}
      {wide ? <RightRail /> : null}
    </div>
  );
}

export function DefaultLayout({ children }: LayoutProps) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <MainContent>{children}</MainContent>
    </div>
  );
}

export function NoMarginLayout({ children }: LayoutProps) {
  return <MainContent className="w-full">{children}</MainContent>;
}

export const LAYOUTS: Readonly<Record<LayoutName, ComponentType<LayoutProps>>> = {
  '3-col': ThreeColLayout,
  default: DefaultLayout,
  'no-margin': NoMarginLayout,
};

export function resolveLayout(name: string): ComponentType<LayoutProps> {
  if (!Object.hasOwn(LAYOUTS, name)) throw new Error(`Unknown layout ${name}`);
  return LAYOUTS[name as LayoutName];
}

/** A layout route's element: the layout around the matched screen. */
export function LayoutOutlet({ name }: { name: LayoutName }) {
  const Layout = resolveLayout(name);
  return (
    <Layout>
      <Outlet />
    </Layout>
  );
}
