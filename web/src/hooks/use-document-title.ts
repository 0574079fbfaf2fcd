/** Sets document.title: "<title> · <site name>", or exactly `title` with { exact: true }. */
import { useEffect } from 'react';
import { useSiteName } from '@/lib/site';

export function useDocumentTitle(title: string, options: { exact?: boolean } = {}): void {
  const siteName = useSiteName();
  const full = options.exact || title === siteName ? title : `${title} · ${siteName}`;
  useEffect(() => {
    document.title = full;
  }, [full]);
}
