/**
 * The CDK app (cdk.json: `npx tsx infra/aws/app.ts`). It builds the Lambda bundles itself, so
 * `npx cdk synth` works on a fresh clone right after `npm ci`, offline and without credentials.
 *
 *   CDK_HOME=.cdk npx cdk synth --no-lookups -c stage=dev -q
 *   CDK_HOME=.cdk npx cdk deploy --all -c stage=prod -c mailFrom='Leafline <no-reply@example.org>' -c adminEmails=a@example.org
 *
 * CDK_HOME keeps the CLI's cache inside the repository (`.cdk/`, git-ignored) instead of ~/.cdk;
 * set it wherever the CLI is invoked (the npm scripts do).
 *
 * Context: `stage` (default `dev`; names starting with `dev` are disposable), `mailFrom` (SES
 * sender, MAIL_FROM), `adminEmails` (comma-separated, ADMIN_EMAILS; Lambda-only, never public),
 * `cspTileOrigins`, `cspMediaOrigins`, `cspWebSocketOrigins` (origins the Content-Security-Policy
 * allows; see stageConfigFromContext in create-app.ts and the README), `secretsExtensionArn` (the
 * Parameters and Secrets extension layer, arm64, where aws-cdk-lib's map lacks the region:
 * infra/aws/secrets-extension.ts).
 */
import { buildBundles } from './bundle';
import { addStage, newApp, stageConfigFromContext } from './create-app';

const bundles = await buildBundles();
const app = newApp();
addStage(app, stageConfigFromContext(app), bundles);
app.synth();
