/**
 * Join, ask to join, or leave a page, as the viewer's relation and the page's openness allow.
 * Guests are sent to sign in; leaving asks for confirmation.
 */
import { Link, useLocation } from 'react-router';
import type { PageCard } from '@shared/answers/pages';
import { Button, buttonClass } from '@/components/form/feedback';
import { failureMessage } from '@/components/form/messages';
import { loginHref } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-store';
import { useMembership } from '../api/pages';

export function JoinButton({ page, compact = false }: { page: Pick<PageCard, 'id' | 'name' | 'openness' | 'my'>; compact?: boolean }) {
  const auth = useAuth();
  const location = useLocation();
  const membership = useMembership();
  const size = compact ? 'px-3 py-1.5 text-sm' : '';
  if (auth.loggedIn !== true) {
    return (
      <Link to={loginHref(location)} className={buttonClass('secondary', size)}>
        Sign in to join
      </Link>
    );
  }
  const { status, role } = page.my;
  const act = (action: 'join' | 'leave') => membership.mutate({ pageId: page.id, action });
  const error = membership.isError ? (
    <p role="alert" className="mt-1 text-sm text-red-700">
      {failureMessage(membership.error)}
    </p>
  ) : null;
  if (status === 'member') {
    if (role === 'creator' || role === 'admin') return <span className="text-sm font-medium text-primary-800">{role === 'creator' ? 'You run this page' : 'You are an admin'}</span>;
    return (
      <div>
        <Button
          variant="secondary"
          className={size}
          pending={membership.isPending}
          pendingLabel="Leaving…"
          onClick={() => {
            if (window.confirm(`Leave ${page.name}?`)) act('leave');
          }}
        >
          Joined · Leave
        </Button>
        {error}
      </div>
    );
  }
  if (status === 'requested') {
    return (
      <div>
        <Button variant="secondary" className={size} pending={membership.isPending} pendingLabel="Withdrawing…" onClick={() => act('leave')}>
          Requested · Withdraw
        </Button>
        {error}
      </div>
    );
  }
  if (page.openness === 'invite' && status !== 'invited') return <span className="text-sm text-gray-600">Invite only</span>;
  const label = status === 'invited' ? 'Accept invitation' : page.openness === 'moderated' ? 'Ask to join' : 'Join';
  return (
    <div>
      <Button className={size} pending={membership.isPending} pendingLabel="Joining…" onClick={() => act('join')}>
        {label}
      </Button>
      {error}
    </div>
  );
}
