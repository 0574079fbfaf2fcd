/** /user/my-interests: the interests step of /welcome: pick what you follow, then go on with the welcome. */
import { Link } from 'react-router';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useAuth } from '@/lib/auth/auth-store';
import { buttonClass } from '@/components/form/feedback';
import { Loading } from '@/components/loading';
import { InterestPicker } from '@/features/tags/components/interest-picker';

export default function MyInterestsScreen() {
  useDocumentTitle('My interests');
  const auth = useAuth();
  return (
    <article className="space-y-6">
      <header className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight text-gray-900 sm:text-3xl">My interests</h1>
        <p className="max-w-prose text-gray-600">Pick a few plants you grow, swap or want to learn about. You can change them any time.</p>
      </header>
      {auth.user ? <InterestPicker userId={auth.user.uuid} /> : <Loading label="Loading your account…" />}
      <p>
        <Link to="/welcome" className={buttonClass('primary')}>
          Continue
        </Link>
      </p>
    </article>
  );
}
