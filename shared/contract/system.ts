/** The system routes' contract. */
import { health as healthAnswer } from '../answers/system';
import { noInput } from '../schemas/common';
import { defineRoute } from './route';

export const health = defineRoute({
  method: 'GET', path: '/api/health', access: 'public',
  input: noInput, output: healthAnswer,
  summary: 'Liveness: answers with the server time.',
});
