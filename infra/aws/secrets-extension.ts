/**
 * The AWS Parameters and Secrets Lambda Extension: a layer that serves Secrets Manager values on
 * http://localhost:2773 inside the function's sandbox. The route functions read the signing and
 * origin secrets through it (functions/lib/secrets.ts), so no function configuration holds a
 * secret and no bundle carries the Secrets Manager SDK client.
 *
 * The layer's ARN differs per region (AWS publishes it per region and architecture). By default
 * it is aws-cdk-lib's own map for extension version 1.0.103, arm64: a CloudFormation mapping
 * looked up by the stack's region at deploy time. Regions that map lacks for arm64 (and newer
 * layer versions) take the ARN from the `secretsExtensionArn` context value instead:
 *   npx cdk deploy --all -c stage=prod -c secretsExtensionArn=arn:aws:lambda:REGION:ACCOUNT:layer:AWS-Parameters-and-Secrets-Lambda-Extension-Arm64:N
 * (the ARN must be the arm64 layer of the stage's region).
 */
import * as lambda from 'aws-cdk-lib/aws-lambda';

/** The extension version whose per-region ARNs aws-cdk-lib carries. */
export const SECRETS_EXTENSION_VERSION = lambda.ParamsAndSecretsVersions.V1_0_103;

/** Only warnings and errors: the extension's info lines would follow every cold start. */
const OPTIONS: lambda.ParamsAndSecretsOptions = { logLevel: lambda.ParamsAndSecretsLogLevel.WARN };

/** The extension layer for the route functions: the pinned ARN when given, else the region's published one. */
export function secretsExtension(layerArn?: string): lambda.ParamsAndSecretsLayerVersion {
  return layerArn
    ? lambda.ParamsAndSecretsLayerVersion.fromVersionArn(layerArn, OPTIONS)
    : lambda.ParamsAndSecretsLayerVersion.fromVersion(SECRETS_EXTENSION_VERSION, OPTIONS);
}
