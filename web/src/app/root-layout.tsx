/** The root route's element: skip link, top bar, the matched layout and screen, footer; for a signed-in member, the tab's live socket and tallies. */
import { Outlet } from 'react-router';
import { FlashNotice } from '@/components/layouts/flash-notice';
import { Footer } from '@/components/layouts/footer';
import { SkipLink } from '@/components/layouts/skip-link';
import { TopBar } from '@/app/layouts/top-bar';
import { LiveProvider } from '@/app/live-provider';
import { ScrollManager } from './scroll-manager';

export function RootLayout() {
  return (
    <LiveProvider>
    <div className="flex min-h-screen flex-col bg-gray-50">
      <ScrollManager />
      <SkipLink />
      <TopBar />
      <div className="flex-1">
        <FlashNotice />
        <Outlet />
      </div>
      <Footer />
    </div>
    </LiveProvider>
  );
}
