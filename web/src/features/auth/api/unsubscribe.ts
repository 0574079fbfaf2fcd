/**
 * The one-click unsubscribe of the notification mails (POST /api/unsubscribe/{token}): posted
 * with an empty body, as a mail client posts it, so the same route serves both; it needs no
 * session and no csrf_token.
 */
import { api } from '@/lib/api';

export const unsubscribe = (token: string) =>
  api.call('POST /api/unsubscribe/{token}', { token }, { emptyBody: true, refreshOn401: false, endSessionOn401: false });
