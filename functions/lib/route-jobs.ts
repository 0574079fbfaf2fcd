/**
 * Starting a job a route starts (infra/aws/jobs.ts `ROUTE_JOBS`): in the cloud, an asynchronous
 * Invoke of the job's function, whose name the route's environment holds (the route's role may
 * invoke that function alone: `export:start`); on the local host, the runner the host registered
 * for it, in the host's own process. The route's bundle holds neither the job's code nor its
 * grants: only the Invoke.
 */
import { logger } from './logger';

/** The jobs routes start: each job's name and the environment variable naming its function. */
export const EXPORT_JOB = { name: 'export', functionEnv: 'EXPORT_FUNCTION' } as const;
export type RouteJob = typeof EXPORT_JOB;

export type RouteJobEvent = Record<string, string>;
type Runner = (event: RouteJobEvent) => Promise<unknown>;

const runners = new Map<string, Runner>();

/** The local host runs `name` in-process (infra/local/host.ts). */
export function registerLocalJob(job: RouteJob, runner: Runner): void {
  runners.set(job.name, runner);
}

/** Starts `name` with `event` and returns without waiting for it. */
export async function startRouteJob({ name, functionEnv }: RouteJob, event: RouteJobEvent): Promise<void> {
  const functionName = process.env[functionEnv];
  if (functionName) {
    const { InvokeCommand, LambdaClient } = await import('@aws-sdk/client-lambda');
    await new LambdaClient({}).send(new InvokeCommand({ FunctionName: functionName, InvocationType: 'Event', Payload: JSON.stringify(event) }));
    return;
  }
  const runner = runners.get(name);
  if (!runner) throw new Error(`${functionEnv} is not set and no local runner was registered for the ${name} job`);
  void runner(event).catch((error: unknown) => logger.error(`the local ${name} job failed`, { error: error as Error, ...event }));
}
