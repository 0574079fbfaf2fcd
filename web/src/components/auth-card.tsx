/** The frame of the sign-in and account screens: the one h1, a lead, and a narrow card. */
import type { ReactNode } from 'react';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function AuthCard({ title, lead, children, footer }: { title: string; lead?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <article className="mx-auto max-w-lg space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">{title}</h1>
        {lead ? <div className="text-gray-600">{lead}</div> : null}
      </header>
      <div className="space-y-5 rounded-xl border border-gray-200 bg-white p-5 shadow-sm sm:p-6">{children}</div>
      {footer ? <div className="space-y-2 text-sm text-gray-700">{footer}</div> : null}
    </article>
  );
}

export const linkClass = 'font-medium text-primary-800 underline underline-offset-2 hover:text-primary-900';
