/**
 * Sets the document title while shown. Screens that may turn into the not-found page render it
 * only beside their real content, so that the not-found page's own title is not overwritten.
 */
import { useDocumentTitle } from '@/hooks/use-document-title';

export function DocumentTitle({ title }: { title: string }) {
  useDocumentTitle(title);
  return null;
}
