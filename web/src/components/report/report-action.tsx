/**
 * The "Report" entry of an item's menu and its dialog, loaded when first opened (the menus of
 * every card carry only this).
 */
import { lazy, Suspense, useState } from 'react';
import type { ReportTargetType } from '@shared/schemas/reports';
import { useAuth } from '@/lib/auth/auth-store';

const ReportDialog = lazy(() => import('./report-dialog'));

/**
 * State and element for a menu's Report entry: `open()` from the menu, render `dialog` beside it.
 * `allowed`: only a registered member may report (the API refuses anyone else), so only they see it.
 */
export function useReportAction(target: { type: ReportTargetType; id: string }) {
  const auth = useAuth();
  const allowed = auth.loggedIn === true && !!auth.user?.email_verified && !!auth.user.registration_complete;
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const dialog = used ? (
    <Suspense fallback={null}>
      <ReportDialog open={open} onClose={() => setOpen(false)} target={target} />
    </Suspense>
  ) : null;
  return {
    allowed,
    action: { label: 'Report', onSelect: () => (setUsed(true), setOpen(true)) },
    dialog,
  };
}
