/**
 * Reading a synthesised stage the way the infra tests need it: the parent template, each domain's
 * nested template with the parameters the parent passes it, and a route's Lambda found by following
 * its API route → integration → function.
 */
import type { CfnElement } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { routeKey, type Grant, type StackedRoute } from '../../functions/lib/route-types';
import { CATCH_ALL } from '../../functions/routes';
import { DEFAULT_ROUTE_KEY } from '../../infra/aws/naming';
import type { SiteStack } from '../../infra/aws/site-stack';

/* eslint-disable @typescript-eslint/no-explicit-any -- CloudFormation JSON is untyped */
export type Resource = { Type: string; Properties?: any; DeletionPolicy?: string; UpdateReplacePolicy?: string };
export type Resources = Record<string, Resource>;

export interface NestedView {
  resources: Resources;
  /** What the parent passes for each of the nested template's parameters. */
  params: Record<string, unknown>;
  json: any;
}

export interface StageView {
  name: string;
  stack: SiteStack;
  routes: readonly StackedRoute[];
  parent: Resources;
  parentJson: any;
  nested: Map<string, NestedView>;
}

export interface ExpectedRoute {
  key: string;
  domain: string;
  grants: readonly Grant[];
  route?: StackedRoute;
}

export function stageView(name: string, stack: SiteStack, routes: readonly StackedRoute[]): StageView {
  const parentJson = Template.fromStack(stack).toJSON();
  const parent = parentJson.Resources as Resources;
  const nested = new Map<string, NestedView>();
  for (const [domain, nestedStack] of stack.routeStacks) {
    const json = Template.fromStack(nestedStack).toJSON();
    const logicalId = stack.getLogicalId(nestedStack.nestedStackResource as CfnElement);
    const params = (parent[logicalId]?.Properties?.Parameters ?? {}) as Record<string, unknown>;
    nested.set(domain, { resources: json.Resources as Resources, params, json });
  }
  return { name, stack, routes, parent, parentJson, nested };
}

export function ofType(resources: Resources, type: string): [string, Resource][] {
  return Object.entries(resources).filter(([, r]) => r.Type === type);
}

/** A value in a nested template, with `{Ref: parameter}` replaced by what the parent passes. */
export function fromParent(value: unknown, params: Record<string, unknown>): unknown {
  const ref = (value as { Ref?: string } | null)?.Ref;
  return ref && ref in params ? params[ref] : value;
}

/** Every route the stage exposes: the table's and `$default`, with the grants each declares. */
export function expectedRoutes(v: StageView): ExpectedRoute[] {
  return [
    ...v.routes.map((route) => ({ key: routeKey(route), domain: route.stack, grants: route.grants, route })),
    { key: DEFAULT_ROUTE_KEY, domain: CATCH_ALL.stack, grants: CATCH_ALL.grants as readonly Grant[] },
  ];
}

/** Route → integration → function, followed through the nested template's references. */
export function lambdaOf(v: StageView, domain: string, key: string): { fnId: string; fn: Resource; integration: Resource; nested: NestedView } {
  const nested = v.nested.get(domain);
  if (!nested) throw new Error(`no nested stack for domain ${domain}`);
  const found = ofType(nested.resources, 'AWS::ApiGatewayV2::Route').filter(([, r]) => r.Properties.RouteKey === key);
  if (found.length !== 1) throw new Error(`${found.length} API routes ${key} in the ${domain} stack`);
  const target = found[0]![1].Properties.Target['Fn::Join'][1];
  if (target[0] !== 'integrations/') throw new Error(`${key} targets ${JSON.stringify(target[0])}, not an integration`);
  const integration = nested.resources[target[1].Ref as string]!;
  if (integration.Type !== 'AWS::ApiGatewayV2::Integration') throw new Error(`${key} targets ${integration.Type}`);
  const fnId = integration.Properties.IntegrationUri['Fn::GetAtt'][0] as string;
  const fn = nested.resources[fnId]!;
  if (fn.Type !== 'AWS::Lambda::Function') throw new Error(`${key} integrates ${fn.Type}`);
  return { fnId, fn, integration, nested };
}

/** The statements of every policy attached to a role of the same template (inline and attached). */
export function roleStatements(resources: Resources, roleId: string): any[] {
  const role = resources[roleId];
  if (role?.Type !== 'AWS::IAM::Role') throw new Error(`${roleId} is not a role of this template`);
  const inline = ((role.Properties.Policies ?? []) as any[]).flatMap((p) => p.PolicyDocument.Statement as any[]);
  const attached = ofType(resources, 'AWS::IAM::Policy')
    .filter(([, p]) => ((p.Properties.Roles ?? []) as { Ref?: string }[]).some((r) => r.Ref === roleId))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as any[]);
  return [...inline, ...attached];
}

export function actionsOf(statements: any[], effect: 'Allow' | 'Deny' = 'Allow'): Set<string> {
  return new Set(statements.filter((s) => (s.Effect ?? 'Allow') === effect).flatMap((s) => ([] as string[]).concat(s.Action)));
}

/** The role a function runs with: a role of its own template, never another stack's. */
export function roleIdOf(fn: Resource): string {
  const getAtt = fn.Properties.Role?.['Fn::GetAtt'] as [string, string] | undefined;
  if (!getAtt || getAtt[1] !== 'Arn') throw new Error(`function role is not a role of its template: ${JSON.stringify(fn.Properties.Role)}`);
  return getAtt[0];
}
