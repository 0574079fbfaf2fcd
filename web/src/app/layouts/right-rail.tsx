/** The right column of the 3-col layout: what is around the reader, and an invitation to join. */
import { useId } from 'react';
import { Link } from 'react-router';
import { PinIcon } from '@/components/icons';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-store';
import { NearYouPanel } from '@/features/places/components/near-you-panel';

export function RightRail({ className = '' }: { className?: string }) {
  const auth = useAuth();
  const nearbyId = useId();
  const joinId = useId();
  return (
    // Left out of the layout until the session check answers: the invitation to join comes first
    // for guests only, and appearing then would push the panel down in view.
    <aside aria-label="Around you" className={`space-y-4 ${auth.loggedIn === undefined ? 'hidden' : ''} ${className}`}>
      {auth.loggedIn === false ? (
        <section aria-labelledby={joinId} className="rounded-xl border border-primary-200 bg-primary-50 p-4">
          <h2 id={joinId} className="text-base font-semibold text-primary-900">
            New here?
          </h2>
          <p className="mt-2 text-sm text-gray-700">
            Share your plants, swap cuttings and meet growers near you.
          </p>
          <Link
            to={paths.signup}
            className="mt-3 inline-block rounded-md bg-primary-700 px-3 py-2 text-sm font-semibold text-white hover:bg-primary-800"
          >
            Create an account
          </Link>
        </section>
      ) : null}
      {/* Last in the rail: it fills in after the first paint, and grows without moving anything. */}
      <section aria-labelledby={nearbyId} className="rounded-xl border border-gray-200 bg-white p-4 shadow-sm">
        <h2 id={nearbyId} className="flex items-center gap-2 text-base font-semibold text-gray-900">
          <PinIcon className="size-5 text-primary-700" />
          Near you
        </h2>
        <NearYouPanel />
      </section>
    </aside>
  );
}
