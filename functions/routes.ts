/**
 * THE route table: every HTTP route of the product, declared once. The CDK stack makes one
 * Lambda and one API route of each entry, the local gateway dispatches to the same handler
 * modules, the security suite enumerates it, and docs/api.md is generated from it.
 * Catch-all: API Gateway's `$default` route (CATCH_ALL below) answers the 404 envelope.
 */
import { noInput } from '../shared/schemas/common';
import { newFormInput } from '../shared/schemas/forms';
import { updateSiteSettingInput } from '../shared/schemas/site-settings';
import type { RouteDef } from './lib/route-types';

export const routes = [
  {
    method: 'GET', path: '/api/health', access: 'public', handler: 'system/health', input: noInput,
    grants: [], summary: 'Liveness: answers with the server time.',
  },
  {
    method: 'GET', path: '/api/site-settings/get-site', access: 'public', handler: 'site-settings/get-site', input: noInput,
    grants: ['table:read'], summary: 'The site settings flagged public: name, tagline, default location and the rest.',
  },
  {
    method: 'PUT', path: '/api/iam/admin/update/site-setting', access: 'admin', handler: 'admin/update-site-setting', input: updateSiteSettingInput,
    grants: ['table:read', 'table:write'], summary: 'Create or change a site setting (name, value, dataType default string, isPublic).',
  },
  {
    method: 'POST', path: '/api/iam/forms/new', access: 'registered', handler: 'forms/new-form', input: newFormInput,
    grants: ['table:read', 'table:write', 'mail'], summary: 'Send a contact or report form to the admins; the client id makes retries idempotent.',
  },
] as const satisfies readonly RouteDef[];

export type RouteTable = typeof routes;

/** The handler of API Gateway's `$default` route: every path no route matches. */
export const CATCH_ALL = { handler: 'system/not-found', grants: [] } as const;
