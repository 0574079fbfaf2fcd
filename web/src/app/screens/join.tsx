/** /join?invite=UUID: what the site is for, and the way to sign up with the invite. */
import { Link, useSearchParams } from 'react-router';
import * as z from 'zod/mini';
import { uuid } from '@shared/schemas/common';
import { buttonClass, Notice } from '@/components/form/feedback';
import { PageShell } from '@/components/page-shell';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-store';
import { useSite } from '@/lib/site';
import { DEFAULT_SITE } from '@shared/site';

const REASONS = [
  { title: 'Share your plants', text: 'Post photos of what you grow, and list spare plants and cuttings.' },
  { title: 'Swap, sell or give away', text: 'Find a home for your extras and pick up something new nearby.' },
  { title: 'Meet growers near you', text: 'Join local pages, community gardens and events.' },
  { title: 'Learn together', text: 'Follow the plants you love and ask people who grow them.' },
];

export default function JoinScreen() {
  const [params] = useSearchParams();
  const { data: site } = useSite();
  const auth = useAuth();
  const raw = params.get('invite');
  const invite = raw && z.safeParse(uuid, raw).success ? raw : null;
  const name = site?.name || DEFAULT_SITE.name;
  const signupHref = invite ? `${paths.signup}?invite=${encodeURIComponent(invite)}` : paths.signup;

  return (
    <PageShell title="Join the community" description={site?.tagline || DEFAULT_SITE.tagline}>
      {invite ? (
        <Notice tone="info" title="You have been invited">
          <p className="mt-1">A member of {name} invited you. Create your account to accept.</p>
        </Notice>
      ) : null}
      <section aria-labelledby="join-why" className="space-y-3">
        <h2 id="join-why" className="text-lg font-semibold text-gray-900">
          Why growers join {name}
        </h2>
        <ul className="grid gap-3 sm:grid-cols-2">
          {REASONS.map((r) => (
            <li key={r.title} className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
              <p className="font-semibold text-gray-900">{r.title}</p>
              <p className="mt-1 text-sm text-gray-600">{r.text}</p>
            </li>
          ))}
        </ul>
      </section>
      {auth.loggedIn ? (
        <Notice tone="info">
          <p>
            You already have an account.{' '}
            <Link to={paths.home} className="font-medium text-primary-800 underline underline-offset-2">
              Go to the home page
            </Link>
          </p>
        </Notice>
      ) : (
        <p className="flex flex-wrap gap-3">
          <Link to={signupHref} className={buttonClass('primary')}>
            {invite ? 'Accept the invite and sign up' : 'Create an account'}
          </Link>
          <Link to={paths.login} className={buttonClass('secondary')}>
            I have an account
          </Link>
        </p>
      )}
    </PageShell>
  );
}
