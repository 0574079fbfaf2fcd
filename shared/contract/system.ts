/** The system routes' contract. */
import * as z from 'zod';
import { noInput } from '../schemas/common';
import { defineRoute } from './route';

export const health = defineRoute({
  method: 'GET', path: '/api/health', access: 'public',
  input: noInput, output: z.unknown(),
  summary: 'Liveness: answers with the server time.',
});
