/** The mail routes: each contract entry with its handler and grants. */
import * as mail from '../../shared/contract/mail';
import type { RouteDef } from '../lib/route-types';

export const mailRoutes = [
  { ...mail.unsubscribe, handler: 'mail/handlers/unsubscribe', grants: ['table:read', 'table:write'] },
] as const satisfies readonly RouteDef[];
