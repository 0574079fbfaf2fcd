/** errorElement of the root route: the app's own chrome failed, so this page brings a minimal one. */
import { Link } from 'react-router';
import { LeafIcon } from '@/components/icons';
import { DefaultLayout } from '@/app/layouts/layouts';
import { SkipLink } from '@/components/layouts/skip-link';
import { paths } from '@/config/paths';
import { DEFAULT_SITE } from '@shared/site';
import { RouteErrorView } from '../components/errors/error-view';

export function RootErrorScreen() {
  return (
    <div className="min-h-screen bg-gray-50">
      <SkipLink />
      <header className="border-b border-gray-200 bg-white">
        <div className="mx-auto flex h-16 max-w-7xl items-center px-4 sm:px-6">
          <Link to={paths.home} className="flex items-center gap-2 text-lg font-bold text-primary-800">
            <LeafIcon className="size-6" />
            {DEFAULT_SITE.name}
          </Link>
        </div>
      </header>
      <DefaultLayout>
        <RouteErrorView />
      </DefaultLayout>
    </div>
  );
}
