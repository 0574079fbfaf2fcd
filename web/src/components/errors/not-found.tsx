/**
 * The not-found page, for unknown paths, bad or reserved handles, missing items and the admin
 * area seen by non-admins: the heading 'Page not found', then the path in a paragraph of its own;
 * title 'Page Not Found'.
 */
import { Link, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';

export const NOT_FOUND_TITLE = 'Page Not Found';

function readablePath(pathname: string): string {
  try {
    return decodeURI(pathname);
  } catch {
    return pathname;
  }
}

export function NotFoundScreen() {
  const { pathname } = useLocation();
  useDocumentTitle(NOT_FOUND_TITLE, { exact: true });
  return (
    <article className="space-y-4 py-6">
      <p className="text-sm font-semibold tracking-wide text-primary-800">404</p>
      <h1 className="text-2xl font-semibold text-gray-900 sm:text-3xl">Page not found</h1>
      {/* The path on its own line, as code: it is the address asked for, not part of the heading. */}
      <p className="break-all">
        <code className="rounded bg-gray-100 px-1.5 py-0.5 font-mono text-sm text-gray-800">{readablePath(pathname)}</code>
      </p>
      <p className="max-w-prose text-gray-600">
        The address may be mistyped, or what was here has moved or been removed.
      </p>
      <p>
        <Link to={paths.home} className="font-medium text-primary-800 underline underline-offset-2 hover:text-primary-900">
          Go to the home page
        </Link>
      </p>
    </article>
  );
}
