/**
 * The jobs an operator invokes by hand (infra/aws/jobs.ts `MANUAL_JOBS`), in the stage's own
 * stack: per job a Lambda with its bundle, its own log group and a role allowed exactly the job's
 * access (`jobFunction`, shared with the scheduled and stream jobs). No rule and no event source:
 * nothing runs it but `aws lambda invoke` (docs/operations.md), so a failed invocation is not
 * retried either; the next one goes on from the progress the job saved.
 */
import { CfnOutput } from 'aws-cdk-lib';
import type * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import type { JobBundle } from './bundle';
import { checkJob, type ManualJobDef } from './jobs';
import { pascal } from './naming';
import { jobBundle, jobFunction, type JobStageProps } from './scheduled-jobs';

export interface ManualJobsProps extends JobStageProps {
  jobs: readonly ManualJobDef[];
  bundles: readonly JobBundle[];
}

export class ManualJobs extends Construct {
  readonly functions = new Map<string, lambda.Function>();
  readonly roles = new Map<string, iam.Role>();

  constructor(scope: Construct, id: string, props: ManualJobsProps) {
    super(scope, id);
    for (const def of props.jobs) {
      const job = checkJob(def);
      const { fn, role } = jobFunction(this, job, jobBundle(props.bundles, job.name), props, { retryAttempts: 0 });
      new CfnOutput(scope, `${pascal(job.name)}Function`, { value: fn.functionName, description: `Invoke by hand until it answers done: ${job.description}` });
      this.functions.set(job.name, fn);
      this.roles.set(job.name, role);
    }
  }
}
