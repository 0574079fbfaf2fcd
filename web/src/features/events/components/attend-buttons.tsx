/**
 * Going, maybe or not going to one date: the caller's status pressed, the counts beside, the
 * waitlist named when the date is full. Guests are asked to sign in; a cancelled or past date
 * has no buttons.
 */
import { Link, useLocation } from 'react-router';
import type { EventDateView } from '@shared/answers/events';
import type { AttendanceStatus } from '@shared/constants';
import { FormAlert } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { loginHref } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-store';
import { useAttend } from '../api/events';

const CHOICES = [
  { status: 'GOING', label: 'Going' },
  { status: 'MAYBE', label: 'Maybe' },
  { status: 'NOT_GOING', label: 'Not going' },
] as const satisfies readonly { status: AttendanceStatus; label: string }[];

export function AttendButtons({ date, title }: { date: EventDateView; title: string }) {
  const auth = useAuth();
  const here = useLocation();
  const attend = useAttend();
  if (date.cancelled || Date.parse(date.endsAt) < Date.now()) return null;
  if (!auth.loggedIn) {
    return (
      <p className="text-sm text-gray-700">
        <Link className="font-semibold text-primary-800 underline" to={loginHref(here)}>
          Sign in
        </Link>{' '}
        to say whether you are going.
      </p>
    );
  }
  const pending = attend.isPending ? attend.variables?.status : null;
  return (
    <div className="space-y-2">
      <div role="group" aria-label={`Are you going to ${title}?`} className="flex flex-wrap gap-2">
        {CHOICES.map((c) => {
          const pressed = date.myStatus === c.status;
          const label = c.status === 'GOING' && date.full && !pressed ? 'Join the waitlist' : c.label;
          return (
            <button
              key={c.status}
              type="button"
              aria-pressed={pressed}
              disabled={attend.isPending}
              onClick={() => attend.mutate({ specificId: date.id, status: c.status })}
              className={`min-h-11 rounded-full border px-4 text-sm font-semibold disabled:opacity-60 ${pressed ? 'border-primary-700 bg-primary-700 text-white' : 'border-gray-300 bg-white text-gray-800 hover:bg-gray-50'}`}
            >
              {pending === c.status ? 'Saving…' : label}
            </button>
          );
        })}
      </div>
      <p className="text-sm text-gray-600" aria-live="polite">
        {date.myWaiting ? 'You are on the waitlist: you will be told when a place frees up. ' : ''}
        {date.counts.going} going · {date.counts.maybe} maybe{date.counts.waiting ? ` · ${date.counts.waiting} waiting` : ''}
      </p>
      {attend.isError ? <FormAlert message={failureMessage(attend.error)} title="Could not save your answer" /> : null}
    </div>
  );
}
