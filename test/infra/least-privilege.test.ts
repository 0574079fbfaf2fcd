/**
 * Least privilege per route: each function holds exactly the grants its route declares in the
 * route table (functions/<domain>/routes.ts), nothing more. For every route of the table, and `$default`, the synthesised policy of its function
 * allows exactly the actions its `grants` imply — written out below, so a change to the stack's
 * mapping is caught — plus what every function needs (its logs, its secrets). Roles are shared
 * only by routes of one domain with the same grant set, in the template of their functions; a
 * function that may text phone numbers may never publish to a topic.
 */
import { describe, expect, it } from 'vitest';
import type { Grant } from '../../functions/lib/route-types';
import { synthesisedStages } from './synth-fixture';
import { actionsOf, expectedRoutes, lambdaOf, ofType, roleIdOf, roleStatements } from './template-view';

/** What each grant allows, action by action. */
const ACTIONS_OF: Record<Grant, readonly string[]> = {
  'table:read': ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'],
  'table:write': ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem', 'dynamodb:ConditionCheckItem'],
  'images:read': ['s3:GetObject', 's3:ListBucket'],
  'images:write': ['s3:PutObject', 's3:DeleteObject'],
  'private:read': ['s3:GetObject'],
  'private:write': ['s3:PutObject', 's3:DeleteObject', 's3:AbortMultipartUpload'],
  'export:start': ['lambda:InvokeFunction'],
  mail: ['ses:SendEmail'],
  sms: ['sns:Publish'],
};
/** What every route's function holds whatever its grants: its log streams and reading its secrets. */
const ALWAYS = ['logs:CreateLogStream', 'logs:PutLogEvents', 'secretsmanager:GetSecretValue'];
const WRITES = /^(dynamodb:(Put|Update|Delete|BatchWrite|ConditionCheck|TransactWrite)|s3:(Put|Delete)|ses:|sns:)/;


const synth = synthesisedStages();

const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

describe('least privilege per route', () => {
  it('every route\'s function is allowed exactly what its grants imply, and nothing else', () => {
    for (const v of synth.stages) {
      for (const { key, domain, grants } of expectedRoutes(v)) {
        const { fn, nested } = lambdaOf(v, domain, key);
        const statements = roleStatements(nested.resources, roleIdOf(fn));
        const expected = sorted([...ALWAYS, ...grants.flatMap((g) => ACTIONS_OF[g])]);
        expect(sorted(actionsOf(statements)), `${v.name} ${key} (${grants.join(', ') || 'no grants'})`).toEqual(expected);
      }
    }
  });

  it('a GET route that declares only table:read may not write anything', () => {
    let checked = 0;
    for (const v of synth.stages) {
      for (const { key, domain, grants, route } of expectedRoutes(v)) {
        if (route?.method !== 'GET' || grants.length !== 1 || grants[0] !== 'table:read') continue;
        const { fn, nested } = lambdaOf(v, domain, key);
        const actions = [...actionsOf(roleStatements(nested.resources, roleIdOf(fn)))];
        expect(actions.filter((a) => WRITES.test(a)), `${v.name} ${key}`).toEqual([]);
        expect(actions, key).toContain('dynamodb:Query');
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('shares a role only between routes of one domain with the same grants, in their own template, with no managed policy', () => {
    for (const v of synth.stages) {
      for (const [domain, nested] of v.nested) {
        const routesHere = expectedRoutes(v).filter((r) => r.domain === domain);
        const roleOfSet = new Map<string, string>();
        for (const { key, grants } of routesHere) {
          const roleId = roleIdOf(lambdaOf(v, domain, key).fn);
          const set = sorted(grants).join(',');
          const known = roleOfSet.get(set);
          if (known) expect(roleId, `${v.name} ${key} shares the role of its grant set`).toBe(known);
          else roleOfSet.set(set, roleId);
        }
        // One role per distinct grant set: different sets never share one.
        expect(new Set(roleOfSet.values()).size, `${v.name} ${domain}`).toBe(roleOfSet.size);
        const roles = ofType(nested.resources, 'AWS::IAM::Role');
        expect(roles.map(([id]) => id).sort(), `${v.name} ${domain} has no unused role`).toEqual([...roleOfSet.values()].sort());
        for (const [, role] of roles) expect(role.Properties.ManagedPolicyArns).toBeUndefined();
      }
    }
  });

  it('lets the routes that text phone numbers publish to phone numbers, never to a topic', () => {
    let sms = 0;
    for (const v of synth.stages) {
      for (const { key, domain, grants } of expectedRoutes(v)) {
        const { fn, nested } = lambdaOf(v, domain, key);
        const statements = roleStatements(nested.resources, roleIdOf(fn));
        const publish = statements.filter((s) => ([] as string[]).concat(s.Action).includes('sns:Publish'));
        if (!grants.includes('sms')) {
          expect(publish, key).toEqual([]);
          continue;
        }
        sms++;
        const allow = publish.filter((s) => s.Effect === 'Allow');
        const deny = publish.filter((s) => s.Effect === 'Deny');
        // Publishing to a PhoneNumber has no resource ARN: IAM needs "*" for it.
        expect(allow.map((s) => s.Resource), key).toEqual(['*']);
        expect(deny.map((s) => s.Resource), key).toEqual([{ 'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':sns:*:*:*']] }]);
      }
    }
    expect(sms).toBeGreaterThan(0);
  });

  it('uses no action wildcard and never Scan', () => {
    for (const v of synth.stages) {
      for (const [domain, nested] of v.nested) {
        for (const [roleId] of ofType(nested.resources, 'AWS::IAM::Role')) {
          const actions = [...actionsOf(roleStatements(nested.resources, roleId))];
          expect(actions.filter((a) => a.includes('*') || a === 'dynamodb:Scan'), `${v.name} ${domain} ${roleId}`).toEqual([]);
        }
      }
    }
  });
});
