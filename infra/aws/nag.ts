/**
 * cdk-nag's AwsSolutions pack, and the one way this app acknowledges a finding: next to the
 * construct, with its reason. cdk-nag 3 runs as a CDK validation plugin (`Validations.of(app)
 * .addPlugins(...)`, not an Aspect as in v2): any unacknowledged error or warning stops synthesis,
 * and acknowledgements are `Validations.of(construct).acknowledge(...)` (v2's NagSuppressions).
 */
import { Stack, Validations, type App } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference';
import type { IConstruct } from 'constructs';

export function addNagChecks(app: App): void {
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
}

/** Acknowledges one AwsSolutions rule (or one finding of it, `AwsSolutions-IAM5[...]`) on a construct and its children. */
export function acknowledge(scope: IConstruct, id: string, reason: string): void {
  Validations.of(scope).acknowledge({ id, reason });
}

/**
 * The id of cdk-nag's IAM5 finding for a wildcard resource, exactly as cdk-nag spells it
 * (`AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:...]`). Build such resources from pseudo
 * parameters and literals only: a reference to another stack's resource resolves differently
 * once CDK turns it into a nested-stack parameter.
 */
export function wildcardResourceFinding(scope: IConstruct, resource: unknown): string {
  return `AwsSolutions-IAM5[Resource::${flattenCfnReference(Stack.of(scope).resolve(resource))}]`;
}
