/** The forms routes: each contract entry with its handler and grants. */
import * as forms from '../../shared/contract/forms';
import type { RouteDef } from '../lib/route-types';

export const formsRoutes = [
  { ...forms.newForm, handler: 'forms/handlers/new-form', grants: ['table:read', 'table:write', 'mail'] },
  { ...forms.validateForms, handler: 'forms/handlers/validate-forms', grants: ['table:read'] },
] as const satisfies readonly RouteDef[];
