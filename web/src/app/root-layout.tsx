/** The root route's element: skip link, top bar, the matched layout and screen (the offline screen without a network), footer, the update prompt; for a signed-in member, the tab's live socket and tallies. */
import { useState } from 'react';
import { Outlet } from 'react-router';
import { OfflineBanner, OfflineScreen, UpdatePrompt } from '@/components/layouts/app-status';
import { FlashNotice } from '@/components/layouts/flash-notice';
import { Footer } from '@/components/layouts/footer';
import { SkipLink } from '@/components/layouts/skip-link';
import { TopBar } from '@/app/layouts/top-bar';
import { LiveProvider } from '@/app/live-provider';
import { useOnline } from '@/lib/app-update';
import { ScrollManager } from './scroll-manager';

export function RootLayout() {
  const online = useOnline();
  // Whether this tab has been online since it started: then a page was showing, and it stays.
  const [wasOnline, setWasOnline] = useState(online);
  if (online && !wasOnline) setWasOnline(true);
  return (
    <LiveProvider>
    <div className="flex min-h-screen flex-col bg-gray-50">
      <ScrollManager />
      <SkipLink />
      <TopBar />
      <div className="flex-1">
        <FlashNotice />
        {!online && wasOnline ? <OfflineBanner /> : null}
        {online || wasOnline ? <Outlet /> : <OfflineScreen />}
      </div>
      <Footer />
      <UpdatePrompt />
    </div>
    </LiveProvider>
  );
}
