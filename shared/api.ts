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

export const ACCESS_LEVELS = ['public', 'user', 'registered', 'admin', 'self'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export function isMutating(method: string): boolean {
  return method === 'POST' || method === 'PUT' || method === 'DELETE' || method === 'PATCH';
}
