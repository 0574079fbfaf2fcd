/** The mail routes' contract: the one-click unsubscribe of every notification mail. */
import { unsubscribed } from '../answers/mail';
import { unsubscribeInput } from '../schemas/mail';
import { defineRoute } from './route';

export const unsubscribe = defineRoute({
  method: 'POST', path: '/api/unsubscribe/{token}', access: 'public', csrfExempt: true, platformExempt: true, formBody: true,
  input: unsubscribeInput, output: unsubscribed,
  errors: { 404: 'the token names no member or setting' },
  summary: 'RFC 8058 one-click: exempt from the `client-platform` header and from CSRF; body `application/x-www-form-urlencoded` `List-Unsubscribe=One-Click`, or empty → 200, and the setting the token names is off. The token (an HMAC of member and setting, no expiry) is in every notification mail\'s `List-Unsubscribe: <https://SITE/api/unsubscribe/TOKEN>` header, with `List-Unsubscribe-Post: List-Unsubscribe=One-Click`. Locally the outbox\'s JSON shows each mail\'s `headers` as an object. Answers { setting, off: true }; idempotent, and a deleted account answers 200 with nothing changed.',
});
