/**
 * The three layouts a route can ask for (AppRoute.layout in app/routes.ts). 3-col (the default): sections on the left, the screen in the
 * middle, "around you" on the right; on a phone one column (the top bar's menu replaces the
 * left column, the right column follows the screen). `default`: one centred column.
 * `no-margin`: the screen edge to edge.
 */
import type { ComponentType, ReactNode } from 'react';
import { Outlet } from 'react-router';
import type { LayoutName } from '../routes';
import { MainContent } from '@/components/layouts/main-content';
import { RightRail } from './right-rail';
import { SideNav } from './side-nav';

type LayoutProps = { children: ReactNode };

export function ThreeColLayout({ children }: LayoutProps) {
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 md:grid md:grid-cols-[minmax(0,1fr)_15rem] md:gap-6 lg:grid-cols-[12rem_minmax(0,1fr)_17rem] lg:gap-8">
      <SideNav className="hidden lg:block" />
      {/* At least a screen tall: what follows it (the "around you" column on a phone, the footer)
          starts below the fold, so a screen's content arriving moves nothing in view. */}
      <MainContent className="min-h-screen">{children}</MainContent>
      <RightRail className="mt-8 md:mt-0" />
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
