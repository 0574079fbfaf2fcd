/**
 * Screens that create something (post, plant, page, event, message) sit on authd-only routes,
 * but the server refuses creation until registration is complete: show the way there instead
 * of a form that would fail.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth/auth-store';

export function RegistrationGate({ children, action }: { children: ReactNode; action: string }) {
  const { user } = useAuth();
  if (!user || user.registration_complete) return <>{children}</>;
  return (
    <div role="note" className="rounded-xl border border-amber-300 bg-amber-50 p-5 text-amber-950">
      <p className="font-semibold">Complete your registration to {action}.</p>
      <p className="mt-1 text-sm">Choose a username and tell us roughly where you grow; it takes a minute.</p>
      <Link
        to={paths.register}
        className="mt-3 inline-block rounded-md bg-primary-700 px-3 py-2 text-sm font-semibold text-white hover:bg-primary-800"
      >
        Complete your registration
      </Link>
    </div>
  );
}
