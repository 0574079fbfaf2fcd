/**
 * One section of a screen edited a section at a time (the settings screen, a plant listing's
 * editor): an anchor target with its h2 and a short description.
 */
import type { ReactNode } from 'react';

export function SettingsSection({ id, title, description, children, tone = 'default' }: { id: string; title: string; description?: ReactNode; children: ReactNode; tone?: 'default' | 'danger' }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={`scroll-mt-20 space-y-4 rounded-xl border bg-white p-5 shadow-sm sm:p-6 ${tone === 'danger' ? 'border-red-200' : 'border-gray-200'}`}
    >
      <header className="space-y-1">
        <h2 id={`${id}-title`} className={`text-lg font-semibold ${tone === 'danger' ? 'text-red-800' : 'text-gray-900'}`}>
          {title}
        </h2>
        {description ? <p className="text-sm text-gray-600">{description}</p> : null}
      </header>
      {children}
    </section>
  );
}
