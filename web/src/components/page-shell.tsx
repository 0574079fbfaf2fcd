/**
 * The frame of a screen: its one h1, a short description and the document title.
 */
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';

export interface PageShellProps {
  title: string;
  /** Plain words, or words with a link. */
  description: ReactNode;
  /** Document title when it differs from the heading. */
  documentTitle?: string;
  children?: ReactNode;
}

export function PageShell({ title, description, documentTitle, children }: PageShellProps) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <article className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">{title}</h1>
        <p className="max-w-prose text-gray-600">{description}</p>
      </header>
      {children}
    </article>
  );
}
