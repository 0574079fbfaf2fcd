/**
 * /:handle/edit: a page's editor for its admins and moderators. A member's own handle leads to
 * their settings; anyone else gets the not-found page or is told they may not edit.
 */
import { Link, Navigate, useParams } from 'react-router';
import { NotFoundScreen } from '@/components/errors/not-found';
import { Button, FormAlert } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { PageShell } from '@/components/page-shell';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-store';
import { viewerOf } from '@/lib/ids';
import { usePageDetails } from '@/features/pages/api/pages';
import { PageEditor } from '@/features/pages/components/page-editor';
import { ApiError } from '@/lib/api';
import { isPageStaff } from '@shared/page-roles';
import { pageHref } from '@/lib/known-pages';

export default function HandleEditScreen() {
  const { handle: raw = '' } = useParams();
  const handle = raw.toLowerCase();
  const auth = useAuth();
  const details = usePageDetails(viewerOf(auth), handle, auth.loggedIn !== undefined);
  if (auth.user?.username?.toLowerCase() === handle) return <Navigate to={paths.settings} replace />;
  if (details.isError && details.error instanceof ApiError && details.error.status === 404) return <NotFoundScreen />;
  const page = details.data?.page;
  const staff = page && (isPageStaff(page.my.role) || auth.user?.is_admin);
  return (
    <PageShell title={page ? `Edit ${page.name}` : `Edit @${handle}`} description="Details, place, tags, members and roles, join requests and settings.">
      {details.isError ? (
        <FormAlert message={failureMessage(details.error)} title="Could not load the page">
          <Button className="mt-3" variant="secondary" onClick={() => void details.refetch()}>
            Try again
          </Button>
        </FormAlert>
      ) : !page ? (
        <div role="status" aria-busy="true" aria-label="Loading the page" className="h-40 animate-pulse rounded-xl bg-gray-100" />
      ) : !staff ? (
        <p className="rounded-xl border border-gray-200 bg-white p-5 text-gray-800">
          Only the page&apos;s admins and moderators can edit it.{' '}
          <Link to={pageHref(page.handle)} className="font-semibold text-primary-800 underline underline-offset-2">
            Back to {page.name}
          </Link>
        </p>
      ) : (
        <PageEditor page={page} onChanged={() => void details.refetch()} />
      )}
    </PageShell>
  );
}
