/**
 * What serves the site: the CloudFront distribution (infra/aws/cdn.ts) in front of the SPA bucket,
 * the images bucket and the HTTP API, the images bucket's CORS rule for the site's uploads, and
 * the deployment of the SPA build with its cdk-nag acknowledgements. Every construct is made with
 * the stack itself as scope and the id it has always had, so no logical id moves.
 */
import { existsSync } from 'node:fs';
import { Aws, Stack } from 'aws-cdk-lib';
import type * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { DEFAULT_CSP_MEDIA_ORIGINS, DEFAULT_CSP_TILE_ORIGINS } from '../../shared/security-headers';
import { SiteDistribution, type SiteDistributionProps } from './cdn';
import { acknowledge, wildcardResourceFinding } from './nag';
import type { StageConfig } from './site-stack';
import type { Storage } from './storage';

/** Origins the Content-Security-Policy allows besides the site and the images bucket. */
export type SiteCspOrigins = SiteDistributionProps['cspOrigins'];

/**
 * The stage's CSP origins: each list the config leaves out takes its default
 * (shared/security-headers.ts); `ownSockets` (the stage's own WebSocket API) are always allowed.
 */
export function siteCspOrigins(config: Pick<StageConfig, 'csp'>, ownSockets: readonly string[] = []): SiteCspOrigins {
  return {
    tiles: config.csp?.tileOrigins ?? DEFAULT_CSP_TILE_ORIGINS,
    media: config.csp?.mediaOrigins ?? DEFAULT_CSP_MEDIA_ORIGINS,
    webSockets: [...(config.csp?.webSocketOrigins ?? []), ...ownSockets],
  };
}

export interface SpaOptions {
  stage: string;
  /** The SPA build to deploy (web/dist); undefined or missing on disk skips the deployment. */
  spaDist: string | undefined;
  storage: Pick<Storage, 'spaBucket' | 'imagesBucket' | 'imagesBucketName' | 'logBucket'>;
  api: apigwv2.HttpApi;
  /** The origin secret as a CloudFormation dynamic reference (infra/aws/stage-secrets.ts). */
  originSecretValue: string;
  cspOrigins: SiteCspOrigins;
}

export interface Spa {
  cdn: SiteDistribution;
  /** `https://` and the distribution's domain. */
  siteOrigin: string;
  spaDeployment?: s3deploy.BucketDeployment;
}

export function createSpa(stack: Stack, { stage, spaDist, storage, api, originSecretValue, cspOrigins }: SpaOptions): Spa {
  const cdn = new SiteDistribution(stack, 'Cdn', {
    stage,
    spaBucket: storage.spaBucket,
    imagesBucket: storage.imagesBucket,
    imagesBucketName: storage.imagesBucketName,
    apiDomainName: `${api.apiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}`,
    originSecretValue,
    logBucket: storage.logBucket,
    priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
    cspOrigins,
  });
  const siteOrigin = `https://${cdn.distribution.distributionDomainName}`;

  // Browsers upload straight to the bucket with presigned PUT URLs: allow PUT from the site only.
  storage.imagesBucket.addCorsRule({
    allowedOrigins: [siteOrigin],
    allowedMethods: [s3.HttpMethods.PUT],
    allowedHeaders: ['content-type', 'content-md5', 'x-amz-*'],
    exposedHeaders: ['ETag'],
    maxAge: 3000,
  });

  // The SPA ships from web/dist when it has been built. Synth must never need a web build (a
  // fresh clone, CI's infra tests), so without web/dist the deployment is left out and the
  // bucket keeps whatever an earlier deploy put there.
  if (!spaDist || !existsSync(spaDist)) return { cdn, siteOrigin };
  const spaDeployment = new s3deploy.BucketDeployment(stack, 'SpaDeployment', {
    sources: [s3deploy.Source.asset(spaDist)],
    destinationBucket: storage.spaBucket,
    distribution: cdn.distribution,
    distributionPaths: ['/*'],
    prune: true,
    memoryLimit: 512,
  });
  acknowledgeBucketDeployment(stack, spaDeployment);
  return { cdn, siteOrigin, spaDeployment };
}

/**
 * BucketDeployment brings CDK's own copy Lambda (deploy time only, never on a request path); its
 * findings are aws-cdk-lib's design, acknowledged here finding by finding.
 */
function acknowledgeBucketDeployment(stack: Stack, deployment: s3deploy.BucketDeployment): void {
  const role = deployment.handlerRole;
  const why = 'CDK\'s BucketDeployment handler, which copies web/dist into the SPA bucket at deploy time and invalidates the distribution';
  acknowledge(
    role,
    'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    `${why}: aws-cdk-lib gives it the AWS managed basic execution policy for its own logs.`,
  );
  const policy = role.node.tryFindChild('DefaultPolicy');
  if (!(policy instanceof iam.Policy)) throw new Error('BucketDeployment handler role has no DefaultPolicy');
  for (const finding of wildcardFindings(policy)) {
    acknowledge(
      role,
      finding,
      `${why}: aws-cdk-lib grants it read on the CDK asset bucket, write/prune on the SPA bucket's objects, and CloudFront invalidation (which has no resource-level permission).`,
    );
  }
  for (const child of stack.node.children) {
    if (child.node.id.startsWith('Custom::CDKBucketDeployment')) {
      acknowledge(child, 'AwsSolutions-L1', `${why}: its runtime is chosen by aws-cdk-lib, not by this app.`);
    }
  }
}

/** The IAM5 finding ids cdk-nag reports for a policy's wildcard actions and resources. */
function wildcardFindings(policy: iam.Policy): string[] {
  const doc = Stack.of(policy).resolve(policy.document.toJSON()) as {
    Statement?: { Effect: string; Action: string | string[]; Resource: unknown }[];
  };
  const out = new Set<string>();
  for (const statement of doc.Statement ?? []) {
    if (statement.Effect !== 'Allow') continue;
    for (const action of ([] as string[]).concat(statement.Action)) {
      if (action.includes('*')) out.add(`AwsSolutions-IAM5[Action::${action}]`);
    }
    for (const resource of ([] as unknown[]).concat(statement.Resource)) {
      const finding = wildcardResourceFinding(policy, resource);
      if (finding.includes('*')) out.add(finding);
    }
  }
  return [...out];
}
