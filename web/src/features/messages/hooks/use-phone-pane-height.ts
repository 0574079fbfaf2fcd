/**
 * On a phone (narrower than Tailwind's `sm`), the conversation pane runs from where it starts on the
 * page to the bottom of the screen, so its composer sits at the bottom of the screen and the list
 * above it shows the newest message. Measured before the first paint and again on a resize; wider
 * screens keep the pane's own height.
 */
import { useLayoutEffect, useRef } from 'react';

const PHONE = '(max-width: 639.98px)';

export function usePhonePaneHeight<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof window.matchMedia !== 'function') return;
    const fit = () => {
      if (!window.matchMedia(PHONE).matches) {
        el.style.removeProperty('height');
        return;
      }
      const top = el.getBoundingClientRect().top + window.scrollY;
      el.style.height = `calc(100dvh - ${Math.round(top)}px)`;
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, []);
  return ref;
}
