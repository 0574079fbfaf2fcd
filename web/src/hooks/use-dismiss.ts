/**
 * How a menu or panel that opens below its button closes: while it is open, Escape closes it with
 * focus back on the button (unless something inside already took the key), and a press outside
 * closes it where it is. `onKey` sees every other key, e.g. a menu's arrows.
 */
import { useEffect, useRef, type RefObject } from 'react';

export interface Dismiss {
  /** The button that opens it: focus goes back here on Escape. */
  button: RefObject<HTMLElement | null>;
  /** What counts as inside: a press on none of these closes it. */
  inside: ReadonlyArray<RefObject<HTMLElement | null>>;
  close: () => void;
  onKey?: (event: KeyboardEvent) => void;
}

export function useDismiss(open: boolean, dismiss: Dismiss): void {
  // The latest callbacks, read when an event comes, so the listeners stay while it is open.
  const latest = useRef(dismiss);
  latest.current = dismiss;

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      const { button, close, onKey: other } = latest.current;
      if (event.key !== 'Escape') {
        other?.(event);
        return;
      }
      if (event.defaultPrevented) return;
      event.preventDefault();
      close();
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const { inside, close } = latest.current;
      if (!inside.some((ref) => ref.current?.contains(event.target as Node))) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);
}
