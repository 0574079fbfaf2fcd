/** /welcome: first steps after signing up, each a link; what is done already is ticked. */
import { Link } from 'react-router';
import { CheckIcon } from '@/components/icons';
import { PageShell } from '@/components/page-shell';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-store';

interface Step {
  label: string;
  detail: string;
  href: string;
  done: boolean;
}

export default function WelcomeScreen() {
  const { user } = useAuth();
  const name = user?.first_name || user?.username;
  const steps: Step[] = [
    {
      label: 'Complete your registration',
      detail: 'A username and roughly where you grow.',
      href: paths.register,
      done: !!user?.registration_complete,
    },
    { label: 'Add a profile photo', detail: 'People trade more happily with a face.', href: `${paths.settings}#avatar`, done: !!user?.avatar },
    { label: 'Verify your phone', detail: 'Optional; it builds trust for swaps.', href: '/auth/sms', done: !!user?.phone_verified },
    { label: 'Pick the plant interests to follow', detail: 'Your feed follows them.', href: paths.interests, done: false },
    { label: 'See plants near you', detail: 'Listings from growers around you.', href: paths.nearbyPlants, done: false },
    { label: 'Invite a friend', detail: 'Gardening is better together.', href: '/user/invites', done: false },
  ];
  return (
    <PageShell
      title={name ? `Welcome, ${name}` : 'Welcome'}
      documentTitle="Welcome"
      description="Your first steps after signing up: a few interests to follow and people nearby."
    >
      <ol className="space-y-3">
        {steps.map((step) => (
          <li key={step.label}>
            <Link
              to={step.href}
              className="flex items-start gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-sm hover:border-primary-300 hover:bg-primary-50"
            >
              <span
                className={`grid size-7 shrink-0 place-items-center rounded-full border ${step.done ? 'border-primary-700 bg-primary-700 text-white' : 'border-gray-300 text-transparent'}`}
              >
                <CheckIcon className="size-4" />
              </span>
              <span>
                <span className="block font-semibold text-gray-900">
                  {step.label}
                  {step.done ? <span className="sr-only"> (done)</span> : null}
                </span>
                <span className="block text-sm text-gray-600">{step.detail}</span>
              </span>
            </Link>
          </li>
        ))}
      </ol>
      <p>
        <Link to={paths.home} className="font-medium text-primary-800 underline underline-offset-2">
          Skip for now and go to the home page
        </Link>
      </p>
    </PageShell>
  );
}
