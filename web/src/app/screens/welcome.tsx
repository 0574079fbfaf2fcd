/**
 * /welcome: where a new member lands after registering. Four steps, each skippable: their place,
 * the interests to follow, the site's welcome video (when an admin has set one) and pages near
 * them; then a few more things worth doing.
 */
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClass, FormAlert } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { CheckIcon } from '@/components/icons';
import { Loading } from '@/components/loading';
import { PageShell } from '@/components/page-shell';
import { paths } from '@/config/paths';
import { PageCard } from '@/features/pages/components/page-card';
import { isVideoFile } from '@/features/admin/video-url';
import { useNearbyPages, useSearchOrigin } from '@/features/places/api/places';
import { useAuth } from '@/lib/auth/auth-store';
import { useSite } from '@/lib/site';

const WELCOME_PAGES_KM = 25;
const WELCOME_PAGES_SHOWN = 3;
const MY_INTERESTS = '/user/my-interests';
const link = 'font-medium text-primary-800 underline underline-offset-2';

/** The welcome video's address when it is one a <video> may play: https (its origin is checked against the CSP when saved) or a path here. */
export function welcomeVideoSource(value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  const url = value.trim();
  if (/^\/(?!\/)/.test(url)) return url;
  try {
    return new URL(url).protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

function Step({ number, title, done, children }: { number: number; title: string; done?: boolean; children: ReactNode }) {
  const headingId = useId();
  return (
    <li>
      <section aria-labelledby={headingId} className="space-y-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
        <h2 id={headingId} className="flex items-center gap-3 text-lg font-semibold text-gray-900">
          <span
            aria-hidden="true"
            className={`grid size-8 shrink-0 place-items-center rounded-full border text-sm ${done ? 'border-primary-700 bg-primary-700 text-white' : 'border-gray-300 text-gray-700'}`}
          >
            {done ? <CheckIcon className="size-4" /> : number}
          </span>
          <span>
            {title}
            {done ? <span className="sr-only"> (done)</span> : null}
          </span>
        </h2>
        {children}
      </section>
    </li>
  );
}

function PlaceStep({ number }: { number: number }) {
  const { user } = useAuth();
  const hasPlace = !!user?.location;
  const place = [user?.suburb_city, user?.state].filter(Boolean).join(', ');
  return (
    <Step number={number} title="Set your place" done={hasPlace}>
      <p className="text-gray-700">
        {hasPlace
          ? `Nearby plants, pages, events and people are found around your place${place ? ` (${place})` : ''}. Only the rough area is ever shown to others.`
          : 'Tell us roughly where you grow, so that we can show you plants, pages and people near you. Only the rough area is ever shown to others.'}
      </p>
      <p>
        <Link to={`${paths.settings}#profile`} className={buttonClass(hasPlace ? 'secondary' : 'primary')}>
          {hasPlace ? 'Change your place' : 'Set your place'}
        </Link>
      </p>
    </Step>
  );
}

function InterestsStep({ number }: { number: number }) {
  return (
    <Step number={number} title="Choose your interests">
      <p className="text-gray-700">Pick the plants and topics you care about: your feed follows them.</p>
      <p>
        <Link to={MY_INTERESTS} className={buttonClass('primary')}>
          Choose interests
        </Link>
      </p>
    </Step>
  );
}

/**
 * A video file (or a path here) plays in <video>; any other address is a video service's player
 * page (the admin screen turns YouTube and Vimeo page addresses into one), embedded in a frame:
 * the CSP's frame-src allows only the stage's video hosts, the same list the setting is checked
 * against when saved.
 */
function VideoStep({ number, src }: { number: number; src: string }) {
  const player = !src.startsWith('/') && !isVideoFile(src);
  return (
    <Step number={number} title="Watch the welcome video">
      {player ? (
        <iframe
          src={src}
          title="Welcome video"
          loading="lazy"
          allow="fullscreen; picture-in-picture; encrypted-media"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
          sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
          className="aspect-video w-full rounded-lg border-0 bg-black"
        />
      ) : (
        <video controls preload="metadata" playsInline className="aspect-video w-full rounded-lg bg-black" src={src} aria-label="Welcome video">
          <p>
            Your browser cannot play the video here.{' '}
            <a href={src} className={link}>
              Open the video
            </a>
            .
          </p>
        </video>
      )}
    </Step>
  );
}

function PagesStep({ number }: { number: number }) {
  const { viewer, origin, near } = useSearchOrigin();
  const pages = useNearbyPages(viewer, origin, WELCOME_PAGES_KM);
  const shown = pages.data?.pages.slice(0, WELCOME_PAGES_SHOWN) ?? [];
  // Where the member is: the place they chose, else the near-you answer's (their place, their
  // connection's or the site's). Until it is known the step waits; a failed lookup offers a retry.
  return (
    <Step number={number} title="Find pages near you">
      <p className="text-gray-700">Gardens, nurseries and clubs close to you: join one to hear about its events.</p>
      {!origin && near.isError ? (
        <FormAlert message={failureMessage(near.error)} title="Could not tell where you are">
          <Button className="mt-3" variant="secondary" onClick={() => void near.refetch()}>
            Try again
          </Button>
        </FormAlert>
      ) : null}
      {(!origin && !near.isError) || (origin && pages.isPending) ? <Loading label="Looking for pages near you…" /> : null}
      {pages.isError ? (
        <FormAlert message={failureMessage(pages.error)} title="Could not load the pages near you">
          <Button className="mt-3" variant="secondary" onClick={() => void pages.refetch()}>
            Try again
          </Button>
        </FormAlert>
      ) : null}
      {pages.data && shown.length === 0 ? <p className="text-gray-700">No pages near you yet. You could start the first one.</p> : null}
      {shown.length ? (
        <ul className="space-y-3" aria-label="Pages near you">
          {shown.map((p) => (
            <li key={p.id}>
              <PageCard page={p} distanceKm={p.distance_km} />
            </li>
          ))}
        </ul>
      ) : null}
      <p className="flex flex-wrap gap-x-4 gap-y-2">
        <Link to={paths.nearbyPages} className={link}>
          See all pages near you
        </Link>
        <Link to={paths.newPage} className={link}>
          Start a page
        </Link>
      </p>
    </Step>
  );
}

const MORE = [
  { label: 'Add a profile photo', href: `${paths.settings}#avatar` },
  { label: 'See plants near you', href: paths.nearbyPlants },
  { label: 'Invite a friend', href: '/user/invites' },
];

export default function WelcomeScreen() {
  const { user } = useAuth();
  const site = useSite();
  const name = user?.first_name || user?.username;
  const video = welcomeVideoSource(site.data?.settings.welcome_video_url);
  return (
    <PageShell
      title={name ? `Welcome, ${name}` : 'Welcome'}
      documentTitle="Welcome"
      description="A few first steps to make the site yours. Each one can wait: skip them all if you like."
    >
      <p>
        <Link to={paths.home} className={buttonClass('secondary')}>
          Skip and go to the home page
        </Link>
      </p>
      <ol className="space-y-4" aria-label="First steps">
        <PlaceStep number={1} />
        <InterestsStep number={2} />
        {video ? <VideoStep number={3} src={video} /> : null}
        <PagesStep number={video ? 4 : 3} />
      </ol>
      <section aria-labelledby="welcome-more" className="space-y-2">
        <h2 id="welcome-more" className="text-lg font-semibold text-gray-900">
          When you have a moment
        </h2>
        <ul className="flex flex-wrap gap-x-4 gap-y-2">
          {MORE.map((m) => (
            <li key={m.href}>
              <Link to={m.href} className={link}>
                {m.label}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <p>
        <Link to={paths.home} className={buttonClass('primary')}>
          Done: go to the home page
        </Link>
      </p>
    </PageShell>
  );
}
