/** The page's <main> landmark, target of the skip link (focusable so the skip moves focus). */
import type { ReactNode } from 'react';
import { MAIN_CONTENT_ID } from './skip-link';

export function MainContent({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className={`min-w-0 focus:outline-none ${className}`}>
      {children}
    </main>
  );
}
