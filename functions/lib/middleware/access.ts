/**
 * Access levels of the route table: public, user, registered (registration complete and not
 * suspended), admin, self (signed in; the handler checks ownership after validation, with
 * `assertSelf` of ../session/live, which reads the table when a site admin acts for someone),
 * page-staff (signed in; the handler checks the actor's role in the page after validation, with
 * `actOnPage` of functions/pages/pages.ts).
 */
import type { AccessLevel } from '../../../shared/api';
import { forbidden } from '../errors';
import type { Session } from '../session/token';
import type { Middleware } from './types';

export function accessAllowed(access: AccessLevel, session: Session | null): boolean {
  switch (access) {
    case 'public':
      return true;
    case 'user':
    case 'self':
    case 'page-staff':
      return session !== null;
    case 'registered':
      return session !== null && session.registered && !session.suspended;
    case 'admin':
      return session !== null && session.role === 'admin';
  }
}

export function accessLevel(access: AccessLevel): Middleware {
  return {
    before: (request) => {
      const session = request.context.route.session;
      if (accessAllowed(access, session)) return;
      if (access === 'registered' && session && !session.suspended) {
        throw forbidden('Complete your registration first');
      }
      throw forbidden(access === 'admin' ? 'Only admins may do this' : 'You may not do this');
    },
  };
}
