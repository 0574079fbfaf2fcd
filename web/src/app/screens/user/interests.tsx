/** /user/interests: choose the tags you follow, by category and kind of interest; they shape your "For you" feed. */
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAuth } from '@/lib/auth/auth-store';
import { Loading } from '@/components/loading';
import { InterestPicker } from '@/features/tags/components/interest-picker';

export default function InterestsScreen() {
  useDocumentTitle('Interests');
  const auth = useAuth();
  return (
    <article className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">Interests</h1>
        <p className="max-w-prose text-gray-600">
          Follow the plants you grow, swap or want to learn about. Their posts come to your{' '}
          <Link to={paths.forYou} className="font-semibold text-primary-800 underline underline-offset-2">
            For you
          </Link>{' '}
          feed.
        </p>
      </header>
      {auth.user ? <InterestPicker userId={auth.user.uuid} /> : <Loading label="Loading your account…" />}
    </article>
  );
}
