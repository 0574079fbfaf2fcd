/** /: the home page. The site's name and tagline from the public site settings; the feed comes later. */
import { Link } from 'react-router';
import { AlertIcon } from '@/components/icons';
import { Loading } from '@/components/loading';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/auth-store';
import { useSite } from '@/features/site/api/get-site';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { DEFAULT_SITE } from '@shared/site';

export default function HomeScreen() {
  const site = useSite();
  const auth = useAuth();
  useDocumentTitle(site.data?.name || DEFAULT_SITE.name);

  return (
    <article className="space-y-6">
      <section className="overflow-hidden rounded-2xl bg-gradient-to-br from-primary-800 to-primary-700 p-6 text-white shadow-sm sm:p-8">
        {site.isPending ? (
          <>
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Welcome</h1>
            <Loading label="Loading the site details…" className="text-primary-50 [&_svg]:text-white" />
          </>
        ) : site.isError ? (
          <>
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Welcome</h1>
            <div role="alert" className="mt-4 flex items-start gap-3 rounded-lg bg-white p-4 text-gray-900">
              <AlertIcon className="mt-0.5 size-5 shrink-0 text-red-700" />
              <div>
                <p className="font-semibold">We could not load the site details.</p>
                <p className="mt-1 text-sm text-gray-700">The server did not answer as expected. Try again in a moment.</p>
                <button
                  type="button"
                  onClick={() => void site.refetch()}
                  disabled={site.isFetching}
                  className="mt-3 rounded-md bg-primary-700 px-3 py-2 text-sm font-semibold text-white hover:bg-primary-800 disabled:opacity-60"
                >
                  {site.isFetching ? 'Retrying…' : 'Try again'}
                </button>
              </div>
            </div>
          </>
        ) : (
          <>
            <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{site.data.name}</h1>
            <p className="mt-2 max-w-prose text-lg text-primary-50">{site.data.tagline}</p>
          </>
        )}
        {auth.loggedIn === false ? (
          <p className="mt-6 flex flex-wrap gap-3">
            <Link
              to={paths.signup}
              className="rounded-md bg-white px-4 py-2 text-sm font-semibold text-primary-800 shadow-sm hover:bg-primary-50"
            >
              Join the community
            </Link>
            <Link
              to={paths.recentPlants}
              className="rounded-md px-4 py-2 text-sm font-semibold text-white ring-1 ring-white/70 hover:bg-white/10"
            >
              Browse recent plants
            </Link>
          </p>
        ) : null}
      </section>

      <section aria-labelledby="feed-heading" className="rounded-xl border border-dashed border-gray-300 bg-white p-5 shadow-sm">
        <h2 id="feed-heading" className="text-lg font-semibold text-gray-900">
          Latest from the community
        </h2>
        <p className="mt-2 text-gray-600">
          Posts, plant listings and news from pages will appear here, newest first, with filters for all posts, all
          plants, available plants and news.
        </p>
      </section>
    </article>
  );
}
