/**
 * The admin's preview of a text: rendered in the browser exactly as the server renders it on save
 * (shared/markdown.ts). Only the editor loads it; readers get the server's HTML (prose.tsx).
 */
import { useMemo } from 'react';
import { renderMarkdown } from '@shared/markdown';
import { Prose } from './prose';

export function Markdown({ source }: { source: string }) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return <Prose html={html} />;
}
