/**
 * Every mutating call made with a session carries the session family's `csrf_token` (CSRF_FIELD) in
 * its JSON body; a missing or different token is 403. The field is removed from every body (whatever
 * the method, the route or the session) before the input schema sees it, so that no input schema
 * needs to declare it.
 */
import { timingSafeEqual } from 'node:crypto';
import { CSRF_FIELD, isMutating } from '../../../shared/api';
import { HttpError } from '../errors';
import type { Middleware } from './types';

function equal(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function csrfCheck(exempt: boolean): Middleware {
  return {
    before: (request) => {
      const state = request.context.route;
      const { [CSRF_FIELD]: given, ...rest } = state.body;
      state.body = rest;
      if (exempt || !state.session || !isMutating(request.event.requestContext.http.method)) return;
      if (typeof given !== 'string' || !equal(given, state.session.csrfToken)) {
        throw new HttpError(403, 'csrf', `Missing or wrong ${CSRF_FIELD}; reload the page and try again`, CSRF_FIELD);
      }
    },
  };
}
