/** The system routes: each contract entry with its handler and grants. */
import * as system from '../../shared/contract/system';
import type { RouteDef } from '../lib/route-types';

export const systemRoutes = [
  { ...system.health, handler: 'system/handlers/health', grants: [] },
] as const satisfies readonly RouteDef[];
