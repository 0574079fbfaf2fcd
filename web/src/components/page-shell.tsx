/**
 * The frame of a screen: its one h1, a short description, the document title, and a
 * placeholder panel saying what the screen will hold until its feature is built.
 */
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';

export interface PageShellProps {
  title: string;
  description: string;
  /** Document title when it differs from the heading. */
  documentTitle?: string;
  /** What the finished screen will show (placeholder panel); omit to show only `children`. */
  upcoming?: string[];
  children?: ReactNode;
}

export function PageShell({ title, description, documentTitle, upcoming, children }: PageShellProps) {
  useDocumentTitle(documentTitle ?? title);
  const upcomingId = useId();
  return (
    <article className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">{title}</h1>
        <p className="max-w-prose text-gray-600">{description}</p>
      </header>
      {children}
      {upcoming && upcoming.length > 0 ? (
        <section
          aria-labelledby={upcomingId}
          className="rounded-xl border border-dashed border-gray-300 bg-white p-5 shadow-sm"
        >
          <h2 id={upcomingId} className="text-sm font-semibold uppercase tracking-wide text-gray-600">
            Coming to this page
          </h2>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-gray-700">
            {upcoming.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}
