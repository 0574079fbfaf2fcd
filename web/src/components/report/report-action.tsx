/**
 * The "Report" entry of an item's menu and its dialog, loaded when first opened (the menus of
 * every card carry only this).
 */
import { lazy, Suspense, useState } from 'react';
import type { ReportTargetType } from '@shared/schemas/reports';

const ReportDialog = lazy(() => import('./report-dialog'));

/** State and element for a menu's Report entry: `open()` from the menu, render `dialog` beside it. */
export function useReportAction(target: { type: ReportTargetType; id: string }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const dialog = used ? (
    <Suspense fallback={null}>
      <ReportDialog open={open} onClose={() => setOpen(false)} target={target} />
    </Suspense>
  ) : null;
  return {
    action: { label: 'Report', onSelect: () => (setUsed(true), setOpen(true)) },
    dialog,
  };
}
