/** The forms routes' contract. */
import { formReceipt, formRules } from '../answers/forms';
import { newFormInput } from '../schemas/forms';
import { noInput } from '../schemas/common';
import { defineRoute } from './route';

export const newForm = defineRoute({
  method: 'POST', path: '/api/iam/forms/new', access: 'registered', status: 201, idempotent: true,
  input: newFormInput, output: formReceipt,
  errors: { 409: 'the id is already used', 429: 'past the form limit', 503: 'a retry while another call is telling the admins of this form: stored; retry after Retry-After to learn it landed' },
  summary: 'Send a contact or report form to the admins; the client id makes retries idempotent; 429 after 5 forms in an hour. Either lands in the moderation queue: a report whose targetPath names something the member can see (/post/<id>, /plant/<id>, /event/<randomId>, /<handle>) is filed as a report of it, anything else as a contact item.',
});

export const validateForms = defineRoute({
  method: 'GET', path: '/api/iam/forms/validate', access: 'user',
  input: noInput, output: formRules,
  summary: 'What the caller may send: each form kind with its field limits, and whether a form may be sent now (the hourly limit, a complete registration, not suspended).',
});
