/**
 * The keys of a tab list (the WAI-ARIA tabs pattern, selection following focus): Left and Right
 * move to the previous and next tab, wrapping; Home and End go to the first and last. The tab
 * chosen is selected and focused. Tabs use a roving tabindex: only the selected one is 0.
 */
import type { KeyboardEvent } from 'react';

export function tabKeys<T extends string>(tabs: readonly T[], current: T, select: (tab: T) => void, idOf: (tab: T) => string) {
  return (event: KeyboardEvent<HTMLElement>) => {
    const at = tabs.indexOf(current);
    const next =
      event.key === 'ArrowRight' ? (at + 1) % tabs.length
      : event.key === 'ArrowLeft' ? (at - 1 + tabs.length) % tabs.length
      : event.key === 'Home' ? 0
      : event.key === 'End' ? tabs.length - 1
      : -1;
    if (next < 0 || !tabs.length) return;
    event.preventDefault();
    const tab = tabs[next]!;
    select(tab);
    document.getElementById(idOf(tab))?.focus();
  };
}
