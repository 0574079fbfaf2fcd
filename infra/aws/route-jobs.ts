/**
 * The jobs a route starts (infra/aws/jobs.ts `ROUTE_JOBS`), in the stage's own stack: per job a
 * Lambda with its bundle, its own log group and a role allowed exactly the job's access
 * (`jobFunction`, shared with the other jobs), under a fixed name (`routeJobFunctionName`) that the
 * starting routes' roles may invoke (infra/aws/grant-role.ts `export:start`). Lambda does not
 * retry a failed run: the job's state item says it failed, and the member may start another.
 */
import type * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import type { JobBundle } from './bundle';
import { checkJob, routeJobFunctionName, type RouteJobDef } from './jobs';
import { jobBundle, jobFunction, type JobStageProps } from './scheduled-jobs';

export interface RouteJobsProps extends JobStageProps {
  jobs: readonly RouteJobDef[];
  bundles: readonly JobBundle[];
}

export class RouteJobs extends Construct {
  readonly functions = new Map<string, lambda.Function>();
  readonly roles = new Map<string, iam.Role>();

  constructor(scope: Construct, id: string, props: RouteJobsProps) {
    super(scope, id);
    for (const def of props.jobs) {
      const job = checkJob(def);
      const { fn, role } = jobFunction(this, job, jobBundle(props.bundles, job.name), props, {
        functionName: routeJobFunctionName(props.stage, job.name),
        retryAttempts: 0,
      });
      this.functions.set(job.name, fn);
      this.roles.set(job.name, role);
    }
  }
}
