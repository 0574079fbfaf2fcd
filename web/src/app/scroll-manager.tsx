/** On every navigation: scroll to the element the hash names, else to the top. */
import { useEffect } from 'react';
import { useLocation } from 'react-router';

export function scrollForLocation(hash: string): void {
  if (hash.length > 1) {
    let id = hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // A malformed escape: use the raw id.
    }
    const target = document.getElementById(id);
    if (target) {
      target.scrollIntoView();
      return;
    }
  }
  window.scrollTo(0, 0);
}

export function ScrollManager() {
  const { key, hash } = useLocation();
  useEffect(() => {
    scrollForLocation(hash);
  }, [key, hash]);
  return null;
}
