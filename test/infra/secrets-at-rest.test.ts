/**
 * Secrets at rest: neither the origin secret nor the signing secret is in any template or any
 * function's configuration. The functions get the secrets' ARNs and read the values at run time,
 * once per container, through the AWS Parameters and Secrets Lambda Extension (a layer); their
 * roles may read exactly those two secrets. CloudFront's origin header must carry the origin
 * secret in the distribution's configuration: there, and only there, it is a dynamic reference
 * that CloudFormation resolves at deploy time, never a literal.
 */
import { join } from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { RegionInfo } from 'aws-cdk-lib/region-info';
import { describe, expect, it } from 'vitest';
import { stageConfigFromContext } from '../../infra/aws/create-app';
import { SECRETS_EXTENSION_VERSION, secretsExtension } from '../../infra/aws/secrets-extension';
import { synthesisedStages } from './synth-fixture';
import { expectedRoutes, fromParent, lambdaOf, ofType, roleIdOf, roleStatements, type StageView } from './template-view';

/* eslint-disable @typescript-eslint/no-explicit-any -- CloudFormation JSON is untyped */

/** Environment variables about secrets that hold no secret: the ARNs and the extension's settings. */
const SECRET_CONFIG = /^(SIGNING_SECRET_ARN|ORIGIN_SECRET_ARN|PARAMETERS_SECRETS_EXTENSION_[A-Z_]+|SECRETS_MANAGER_(TTL|TIMEOUT_MILLIS))$/;


const synth = synthesisedStages();

/** Every template of a stage: the parent's and each domain's nested one. */
function templates(v: StageView): { name: string; json: any }[] {
  return [{ name: 'parent', json: v.parentJson }, ...[...v.nested].map(([domain, n]) => ({ name: domain, json: n.json }))];
}

/** JSON paths of every string that holds `needle`. */
function pathsHolding(value: unknown, needle: string, path = ''): string[] {
  if (typeof value === 'string') return value.includes(needle) ? [path] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => pathsHolding(item, needle, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => pathsHolding(item, needle, path ? `${path}.${key}` : key));
  }
  return [];
}

function secretIds(v: StageView): { signing: string; origin: string } {
  const secrets = ofType(v.parent, 'AWS::SecretsManager::Secret');
  return {
    signing: secrets.find(([, s]) => /HMAC/.test(s.Properties.Description))![0],
    origin: secrets.find(([, s]) => /x-origin-verify/.test(s.Properties.Description))![0],
  };
}

describe('secrets at rest', () => {
  it('no function configuration holds a secret value or a dynamic reference to one', () => {
    let functions = 0;
    for (const v of synth.stages) {
      for (const t of templates(v)) {
        for (const [id, fn] of ofType(t.json.Resources, 'AWS::Lambda::Function')) {
          functions++;
          const env = fn.Properties.Environment?.Variables ?? {};
          expect(pathsHolding(fn.Properties, '{{resolve:'), `${v.name} ${t.name} ${id}`).toEqual([]);
          expect(Object.keys(env).filter((k) => /SECRET/.test(k) && !SECRET_CONFIG.test(k)), id).toEqual([]);
        }
      }
    }
    expect(functions).toBeGreaterThan(2 * synth.fx.devRoutes.length);
  });

  it('refers to Secrets Manager dynamically only in CloudFront\'s origin header', () => {
    for (const v of synth.stages) {
      const found = templates(v).flatMap((t) => pathsHolding(t.json, '{{resolve:').map((p) => `${t.name}:${p}`));
      const [distId] = ofType(v.parent, 'AWS::CloudFront::Distribution')[0]!;
      expect(found).toHaveLength(1);
      expect(found[0]).toMatch(new RegExp(`^parent:Resources\\.${distId}\\.Properties\\.DistributionConfig\\.Origins\\[\\d+\\]\\.OriginCustomHeaders\\[0\\]\\.HeaderValue`));
      const header = JSON.stringify(v.parentJson.Resources[distId].Properties.DistributionConfig.Origins);
      expect(header).toContain(`{"Ref":"${secretIds(v).origin}"}`);
    }
  });

  it('gives every route\'s function the secrets\' ARNs, and lets it read exactly those two secrets', () => {
    for (const v of synth.stages) {
      const { signing, origin } = secretIds(v);
      for (const { key, domain } of expectedRoutes(v)) {
        const { fn, nested } = lambdaOf(v, domain, key);
        const env = fn.Properties.Environment.Variables;
        expect(fromParent(env.SIGNING_SECRET_ARN, nested.params), key).toEqual({ Ref: signing });
        expect(fromParent(env.ORIGIN_SECRET_ARN, nested.params), key).toEqual({ Ref: origin });
        const secretStatements = roleStatements(nested.resources, roleIdOf(fn)).filter((s) =>
          ([] as string[]).concat(s.Action).some((a) => a.startsWith('secretsmanager:')),
        );
        expect(secretStatements.flatMap((s) => [].concat(s.Action)), key).toEqual(['secretsmanager:GetSecretValue']);
        expect(secretStatements.map((s) => s.Effect ?? 'Allow'), key).toEqual(['Allow']);
        const resources = ([] as unknown[]).concat(secretStatements[0].Resource).map((r) => JSON.stringify(fromParent(r, nested.params)));
        expect(resources.sort(), key).toEqual([JSON.stringify({ Ref: origin }), JSON.stringify({ Ref: signing })].sort());
      }
    }
  });

  it('reads the secrets through the arm64 Parameters and Secrets extension layer on its default port', () => {
    const expectedArn = RegionInfo.get('eu-west-1').paramsAndSecretsLambdaLayerArn(SECRETS_EXTENSION_VERSION, 'arm64');
    expect(expectedArn).toMatch(/:layer:AWS-Parameters-and-Secrets-Lambda-Extension-Arm64:\d+$/);
    for (const v of synth.stages) {
      for (const { key, domain } of expectedRoutes(v)) {
        const { fn, nested } = lambdaOf(v, domain, key);
        expect(fn.Properties.Architectures, key).toEqual(['arm64']);
        const layers = fn.Properties.Layers as any[];
        expect(layers, key).toHaveLength(1);
        // An environment-agnostic stack looks the layer up by region at deploy time.
        const [mapping, region, attribute] = layers[0]['Fn::FindInMap'];
        expect(region).toEqual({ Ref: 'AWS::Region' });
        expect(nested.json.Mappings[mapping]['eu-west-1'][attribute], key).toBe(expectedArn);
        expect(fn.Properties.Environment.Variables.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT, key).toBe('2773');
      }
    }
  });

  it('takes the layer from the stage\'s `secretsExtensionArn` context when one is given', () => {
    const pinned = 'arn:aws:lambda:eu-central-2:123456789012:layer:AWS-Parameters-and-Secrets-Lambda-Extension-Arm64:9';
    const app = new App({ outdir: join(synth.fx.workDir, 'cdk.out.extension'), context: { secretsExtensionArn: ` ${pinned} ` } });
    const config = stageConfigFromContext(app);
    expect(config.secretsExtensionArn).toBe(pinned);
    expect(stageConfigFromContext(new App({ outdir: join(synth.fx.workDir, 'cdk.out.extension2') })).secretsExtensionArn).toBeUndefined();
    const stack = new Stack(app, 'Extension');
    new lambda.Function(stack, 'Fn', {
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      handler: 'index.handler',
      code: lambda.Code.fromInline('export const handler = async () => {};'),
      paramsAndSecrets: secretsExtension(config.secretsExtensionArn),
    });
    const [, fn] = ofType(Template.fromStack(stack).toJSON().Resources, 'AWS::Lambda::Function')[0]!;
    expect(fn.Properties.Layers).toEqual([pinned]);
  });
});
