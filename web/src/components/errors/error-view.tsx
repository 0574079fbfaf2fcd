/**
 * The error page (each route's errorElement, and the root's in root-error.tsx): status, message
 * and description; title 'Page Not Found' for a 404, 'Internal Server Error' otherwise.
 * Crawlers get a minimal text instead of the page.
 */
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ApiError } from '@/lib/api';
import { isBot } from '@/lib/bot';
import { NOT_FOUND_TITLE } from './not-found';

export const SERVER_ERROR_TITLE = 'Internal Server Error';

export interface ErrorDetails {
  status: number;
  message: string;
  description: string;
}

export function errorTitle(status: number): string {
  return status === 404 ? NOT_FOUND_TITLE : SERVER_ERROR_TITLE;
}

const DESCRIPTIONS: Record<number, string> = {
  403: 'You may not see this page.',
  404: 'The page you are looking for does not exist or has moved.',
};
const DEFAULT_DESCRIPTION = 'Something went wrong on our side. Please try again in a moment.';

/** What a thrown value or route error response means for the error page. */
export function describeError(error: unknown): ErrorDetails {
  if (isRouteErrorResponse(error)) {
    const data: unknown = error.data;
    const fromData =
      typeof data === 'string' ? data : typeof (data as { message?: unknown } | null)?.message === 'string' ? (data as { message: string }).message : '';
    return {
      status: error.status,
      message: error.statusText || errorTitle(error.status),
      description: fromData || DESCRIPTIONS[error.status] || DEFAULT_DESCRIPTION,
    };
  }
  if (error instanceof ApiError && error.status >= 400) {
    // Written by our own server for people to read.
    return { status: error.status, message: errorTitle(error.status), description: error.message };
  }
  // Anything else is a bug: its text is not for visitors.
  return { status: 500, message: SERVER_ERROR_TITLE, description: DEFAULT_DESCRIPTION };
}

export function ErrorView({ status, message, description }: ErrorDetails) {
  useDocumentTitle(errorTitle(status), { exact: true });
  if (isBot()) return <p>{`${status} ${message}`}</p>;
  return (
    <article className="space-y-4 py-6" aria-labelledby="error-heading">
      <p className="text-sm font-semibold tracking-wide text-primary-800">{`Error ${status}`}</p>
      <h1 id="error-heading" className="text-2xl font-semibold text-gray-900 sm:text-3xl">
        {message}
      </h1>
      <p className="max-w-prose text-gray-600">{description}</p>
      <p>
        <Link to={paths.home} className="font-medium text-primary-800 underline underline-offset-2 hover:text-primary-900">
          Go to the home page
        </Link>
      </p>
    </article>
  );
}

/** errorElement of each screen's route: rendered inside its layout. */
export function RouteErrorView() {
  return <ErrorView {...describeError(useRouteError())} />;
}
