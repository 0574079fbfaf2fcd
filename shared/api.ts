/** The answer envelope every API route uses (see docs/api.md). */

export interface ApiSuccess<T> {
  status: 'success';
  data: T;
}

export interface ApiErrorBody {
  code: string;
  message: string;
  /** The input field that failed validation, when one did. */
  field?: string;
}

export interface ApiFailure {
  status: 'error';
  error: ApiErrorBody;
}

export type ApiEnvelope<T> = ApiSuccess<T> | ApiFailure;

/**
 * Who may call a route, as the middleware and the route's own checks hold it: public (session
 * optional), user (signed in), registered (registration complete, not suspended), admin (the site's
 * admin role), self (signed in; the handler checks that the actor owns the resource, or is a site
 * admin; a page's event is owned by the page's admins and moderators), page-staff (signed in; the handler checks the actor's role in the page named by the
 * input: its admins, or its admins and moderators, act on the page or on its other members; a site
 * admin may stand in). The middleware treats self and page-staff alike; the names say what the
 * handler checks after validation.
 */
export const ACCESS_LEVELS = ['public', 'user', 'registered', 'admin', 'self', 'page-staff'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/**
 * The JSON body field that carries the session's CSRF token on every mutating call made with a
 * session. The CSRF middleware (functions/lib/middleware/csrf.ts) checks it and removes it from
 * every body before the input schema sees it, so no input schema declares it.
 */
export const CSRF_FIELD = 'csrf_token';
/** What the API reference says of the field. */
export const CSRF_FIELD_DESCRIPTION = `The ${CSRF_FIELD} of the signed-in profile; required when the request carries a session.`;

export function isMutating(method: string): boolean {
  return method === 'POST' || method === 'PUT' || method === 'DELETE' || method === 'PATCH';
}
