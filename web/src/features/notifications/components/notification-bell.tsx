/**
 * The bell in the top bar (signed-in users): the unread tally as a badge, and a panel of
 * notifications that opens below it (full width on phones). The panel's code loads only when it
 * is first opened. Escape or a click elsewhere closes it, and focus goes back to the bell.
 */
import { lazy, Suspense, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { formatNumber } from '@shared/format';
import { Loading } from '@/components/loading';
import { useDismiss } from '@/hooks/use-dismiss';
import { useLive } from '@/lib/live/live';
import { getUnreadTally } from '../api/tally';
import { badgeText, createTallyTracker } from '@/lib/live/tally';
import { PANEL_CLASS } from './panel-class';

const NotificationsPanel = lazy(() => import('./notifications-panel'));


function BellIcon({ className = 'size-6' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" className={className} aria-hidden="true" focusable="false">
      <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15L6 16Z" />
      <path d="M10 20.5a2 2 0 0 0 4 0" />
    </svg>
  );
}

export function NotificationBell() {
  // The tab's live tally when signed in (kept by socket frames, polling while the socket is down);
  // a tracker of its own otherwise.
  const live = useLive();
  const [own] = useState(() => (live ? null : createTallyTracker({ load: () => getUnreadTally() })));
  const tracker = live?.notifications ?? own!;
  const tally = useSyncExternalStore(tracker.subscribe, tracker.get, tracker.get) ?? 0;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();

  useEffect(() => own?.start(), [own]);

  // Moving to another page closes the panel. This is decided while rendering, not in an effect: a
  // mount effect that closed it could run after a first click that opened it (a click flushes the
  // pending effects of the commit that showed the bell, and their update comes after its own).
  const [shownAt, setShownAt] = useState(pathname);
  if (shownAt !== pathname) {
    setShownAt(pathname);
    setOpen(false);
  }
  // A new page, or a new tracker (the live connection may start after the first render): the
  // tally is checked (throttled).
  useEffect(() => {
    void tracker.refresh();
  }, [pathname, tracker]);

  useDismiss(open, { button, inside: [wrapper], close: () => setOpen(false) });

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  const label = tally > 0 ? `Notifications, ${formatNumber(tally)} unread` : 'Notifications';

  return (
    <div ref={wrapper} className="sm:relative">
      <button
        ref={button}
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-haspopup="dialog"
        onClick={() => setOpen((o) => !o)}
        className="relative grid size-11 place-items-center rounded-md text-gray-700 hover:bg-gray-100"
      >
        <BellIcon />
        {tally > 0 ? (
          <span
            aria-hidden="true"
            data-testid="notification-badge"
            className="absolute top-1 right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-semibold text-white"
          >
            {badgeText(tally)}
          </span>
        ) : null}
      </button>
      {open ? (
        <Suspense
          fallback={
            <div id={panelId} className={PANEL_CLASS}>
              <Loading label="Loading notifications…" className="px-4" />
            </div>
          }
        >
          <NotificationsPanel id={panelId} tracker={tracker} onClose={close} onFollow={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
