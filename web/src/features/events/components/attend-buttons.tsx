/**
 * Going, maybe or not going to one date: the caller's status pressed, the counts beside, the
 * waitlist named when the date is full. A member on the waitlist holds no place: their "Going"
 * is not pressed and reads "On the waitlist (position N)", and "Maybe" or "Not going" leaves the
 * waitlist. Guests are asked to sign in; a cancelled or past date has no buttons.
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
          const waiting = c.status === 'GOING' && date.myWaiting;
          const pressed = date.myStatus === c.status && !waiting;
          const label = waiting ? waitlistText(date.myWaitlistPosition) : c.status === 'GOING' && date.full && !pressed ? 'Join the waitlist' : c.label;
          return (
            <button
              key={c.status}
              type="button"
              aria-pressed={pressed}
              disabled={attend.isPending}
              onClick={() => attend.mutate({ specificId: date.id, status: c.status })}
              className={`min-h-11 rounded-full border px-4 text-sm font-semibold disabled:opacity-60 ${pressed ? 'border-primary-700 bg-primary-700 text-white' : waiting ? 'border-dashed border-primary-700 bg-white text-primary-900 hover:bg-gray-50' : 'border-gray-300 bg-white text-gray-800 hover:bg-gray-50'}`}
            >
              {pending === c.status ? 'Saving…' : label}
            </button>
          );
        })}
      </div>
      <p className="text-sm text-gray-600" aria-live="polite">
        {date.myWaiting ? `${waitlistText(date.myWaitlistPosition)}: you will be told when a place is yours. "Not going" takes you off it. ` : ''}
        {date.counts.going} going · {date.counts.maybe} maybe{date.counts.waiting ? ` · ${date.counts.waiting} waiting` : ''}
      </p>
      {attend.isError ? <FormAlert message={failureMessage(attend.error)} title="Could not save your answer" /> : null}
    </div>
  );
}

/** "On the waitlist (position 2)"; without the position while it is not known. */
function waitlistText(position: number | null): string {
  return position === null ? 'On the waitlist' : `On the waitlist (position ${position})`;
}
