/**
 * The not-found page, for unknown paths, bad or reserved handles, missing items and the admin
 * area seen by non-admins: 'Page not found' followed by the path; title 'Page Not Found'.
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
      {/* One text node, so that "Page not found /the/path" reads and matches as one string. */}
      <h1 className="text-2xl font-semibold break-words text-gray-900 sm:text-3xl">{`Page not found ${readablePath(pathname)}`}</h1>
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
