/** The forms routes' contract. */
import { formReceipt } from '../answers/forms';
import { newFormInput } from '../schemas/forms';
import { defineRoute } from './route';

export const newForm = defineRoute({
  method: 'POST', path: '/api/iam/forms/new', access: 'registered', status: 201, idempotent: true,
  input: newFormInput, output: formReceipt,
  errors: { 409: 'the id is already used', 429: 'past the form limit' },
  summary: 'Send a contact or report form to the admins; the client id makes retries idempotent; 429 after 5 forms in an hour.',
});
