/**
 * The one CloudFront distribution:
 * - default `/*` → the SPA bucket (OAC) with a viewer-request CloudFront Function that rewrites
 *   extension-less paths to /index.html. No distribution-wide custom error responses: they would
 *   turn the API's 403/404 and missing images into 200 HTML.
 * - `/images/*` → the images bucket (OAC); object keys start with `images/`.
 * - `/sw.js` → the SPA bucket, never cached, with `Cache-Control: no-cache` (the service worker).
 * - every behaviour → the same security headers: the Content-Security-Policy of
 *   shared/security-headers.ts (with the bucket's endpoint for uploads and the stage's tile,
 *   media and WebSocket origins), HSTS, nosniff, referrer, frame, permissions and opener policies;
 *   `/images/*` through a second policy that adds its bounded Cache-Control (IMAGE_CACHE_SECONDS).
 * - `/api/nearby/near-you` → the HTTP API as below, but a guest's answer is cached a minute per
 *   ~5 km cell (infra/aws/near-you-cache.ts), a viewer-request function rounding the point first.
 * - `/api/*` → the HTTP API: caching disabled, all cookies and query strings, exactly ten
 *   headers (never Host: API Gateway answers 403 to a foreign Host), all methods, and the secret
 *   `x-origin-verify` header the Lambdas require.
 */
import { Aws, Duration } from 'aws-cdk-lib';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { contentSecurityPolicy, HSTS, SECURITY_HEADERS } from '../../shared/security-headers';
import { IMAGE_CACHE_SECONDS, NEAR_YOU_CACHE_SECONDS } from '../../shared/constants';
import { NEAR_YOU_CELL_HEADER, NEAR_YOU_FUNCTION, NEAR_YOU_PATH, NEAR_YOU_QUERY_KEYS, NEAR_YOU_VIEWER_HEADER } from './near-you-cache';
import { acknowledge } from './nag';

/** The header CloudFront adds and functions/lib/middleware/origin.ts checks. */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/** CloudFront forwards at most 10 headers by default; these are the ten the API reads. */
export const API_FORWARDED_HEADERS = [
  'client-platform',
  'content-type',
  'user-agent',
  'accept-language',
  'CloudFront-Viewer-Address',
  'CloudFront-Viewer-Latitude',
  'CloudFront-Viewer-Longitude',
  'CloudFront-Viewer-City',
  'CloudFront-Viewer-Country-Region',
  'CloudFront-Viewer-Country',
] as const;

/** SPA fallback: a path whose last segment has no dot is a client-side route. */
export const SPA_REWRITE_FUNCTION = `function handler(event) {
  var request = event.request;
  var uri = request.uri;
  var last = uri.substring(uri.lastIndexOf('/') + 1);
  if (last.indexOf('.') === -1) {
    request.uri = '/index.html';
  }
  return request;
}
`;

/**
 * An S3 origin addressed by the bucket's (deterministic) name rather than by a reference to the
 * bucket: the images bucket's CORS rule names the distribution's domain, so the distribution
 * must not depend on the bucket (that would be a cycle). The bucket policy granting this
 * distribution read access is added to the bucket separately.
 */
class NamedS3Origin extends cloudfront.OriginBase {
  constructor(bucketName: string, originAccessControl: cloudfront.IOriginAccessControl) {
    super(`${bucketName}.s3.${Aws.REGION}.${Aws.URL_SUFFIX}`, {
      originAccessControlId: originAccessControl.originAccessControlId,
    });
  }

  protected override renderS3OriginConfig(): cloudfront.CfnDistribution.S3OriginConfigProperty {
    // OAC, not the legacy origin access identity.
    return { originAccessIdentity: '' };
  }
}

export interface SiteDistributionProps {
  stage: string;
  spaBucket: s3.IBucket;
  imagesBucket: s3.Bucket;
  /** The images bucket's name as a literal plus pseudo parameters (see NamedS3Origin). */
  imagesBucketName: string;
  /** The execute-api host name of the HTTP API. */
  apiDomainName: string;
  /** The origin secret as a CloudFormation dynamic reference. */
  originSecretValue: string;
  logBucket: s3.IBucket;
  priceClass: cloudfront.PriceClass;
  /** Origins the Content-Security-Policy allows besides the site and the images bucket (CDK context). */
  cspOrigins: { tiles: readonly string[]; media: readonly string[]; webSockets: readonly string[] };
}

/** The images bucket's regional endpoint, as presigned upload URLs name it. */
function bucketEndpoint(bucketName: string): string {
  return `https://${bucketName}.s3.${Aws.REGION}.${Aws.URL_SUFFIX}`;
}

export class SiteDistribution extends Construct {
  readonly distribution: cloudfront.Distribution;
  readonly apiOriginRequestPolicy: cloudfront.OriginRequestPolicy;
  readonly spaRewrite: cloudfront.Function;
  readonly nearYouKey: cloudfront.Function;

  constructor(scope: Construct, id: string, props: SiteDistributionProps) {
    super(scope, id);

    const oac = new cloudfront.S3OriginAccessControl(this, 'BucketAccess', {
      description: 'CloudFront reads the SPA and images buckets (SigV4, always signed)',
      signing: cloudfront.Signing.SIGV4_ALWAYS,
    });

    this.spaRewrite = new cloudfront.Function(this, 'SpaRewrite', {
      comment: 'Rewrites extension-less paths to /index.html (SPA fallback)',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(SPA_REWRITE_FUNCTION),
    });

    this.nearYouKey = new cloudfront.Function(this, 'NearYouKey', {
      comment: 'Near you: rounds the point to its ~5 km cell and names the viewer (guest or member) for the cache key',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(NEAR_YOU_FUNCTION),
    });
    // Only a guest's answer is kept (the API marks it public; a member's is no-store).
    const nearYouCache = new cloudfront.CachePolicy(this, 'NearYouCache', {
      comment: `Leafline ${props.stage}: a guest's Near you, ${NEAR_YOU_CACHE_SECONDS} s per ~5 km cell`,
      defaultTtl: Duration.seconds(NEAR_YOU_CACHE_SECONDS),
      maxTtl: Duration.seconds(NEAR_YOU_CACHE_SECONDS),
      minTtl: Duration.seconds(0),
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.allowList(...NEAR_YOU_QUERY_KEYS),
      headerBehavior: cloudfront.CacheHeaderBehavior.allowList(NEAR_YOU_VIEWER_HEADER, NEAR_YOU_CELL_HEADER),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    this.apiOriginRequestPolicy = new cloudfront.OriginRequestPolicy(this, 'ApiOriginRequest', {
      comment: 'API: all cookies and query strings, ten explicit headers, never Host',
      cookieBehavior: cloudfront.OriginRequestCookieBehavior.all(),
      queryStringBehavior: cloudfront.OriginRequestQueryStringBehavior.all(),
      headerBehavior: cloudfront.OriginRequestHeaderBehavior.allowList(...API_FORWARDED_HEADERS),
    });

    const apiOrigin = new origins.HttpOrigin(props.apiDomainName, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originSecretValue },
    });

    // The same headers on the SPA, /images/* and /api/* as the local gateway sends
    // (shared/security-headers.ts), with this stage's origins in the Content-Security-Policy;
    // images add their bounded cache lifetime (IMAGE_CACHE_SECONDS) for browsers.
    const headersPolicy = (id: string, comment: string, extra: cloudfront.ResponseCustomHeader[]) => new cloudfront.ResponseHeadersPolicy(this, id, {
      comment: `Leafline ${props.stage}: ${comment}`,
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({ upload: bucketEndpoint(props.imagesBucketName), ...props.cspOrigins }),
          override: true,
        },
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(HSTS.maxAgeSeconds),
          includeSubdomains: HSTS.includeSubDomains,
          override: true,
        },
        contentTypeOptions: { override: true },
        // CloudFront's enums spell these values exactly as the header does.
        referrerPolicy: { referrerPolicy: SECURITY_HEADERS['referrer-policy'] as cloudfront.HeadersReferrerPolicy, override: true },
        frameOptions: { frameOption: SECURITY_HEADERS['x-frame-options'] as cloudfront.HeadersFrameOption, override: true },
        // X-XSS-Protection: 0.
        xssProtection: { protection: SECURITY_HEADERS['x-xss-protection'] !== '0', override: true },
      },
      customHeadersBehavior: {
        customHeaders: [
          ...(['permissions-policy', 'cross-origin-opener-policy'] as const).map((header) => ({
            header,
            value: SECURITY_HEADERS[header],
            override: true,
          })),
          ...extra,
        ],
      },
    });
    const securityHeaders = headersPolicy('SecurityHeaders', 'Content-Security-Policy, HSTS and the other security headers', []);
    // The service worker is checked on every load: a cached copy would hold a release back.
    const workerHeaders = headersPolicy('WorkerHeaders', 'the security headers and no caching of the service worker', [
      { header: 'cache-control', value: 'no-cache', override: true },
    ]);
    const imageHeaders = headersPolicy('ImageHeaders', 'the security headers and the images\' cache lifetime', [
      { header: 'cache-control', value: `public, max-age=${IMAGE_CACHE_SECONDS}`, override: true },
    ]);
    // A deleted photo, or one moved to a new key when its post's audience narrowed, leaves the
    // edge caches within IMAGE_CACHE_SECONDS (the managed CachingOptimized policy keeps a day).
    const imagesCache = new cloudfront.CachePolicy(this, 'ImagesCache', {
      comment: `Leafline ${props.stage}: images, kept at most ${IMAGE_CACHE_SECONDS} s`,
      defaultTtl: Duration.seconds(IMAGE_CACHE_SECONDS),
      maxTtl: Duration.seconds(IMAGE_CACHE_SECONDS),
      minTtl: Duration.seconds(0),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });

    const spaOrigin = origins.S3BucketOrigin.withOriginAccessControl(props.spaBucket, { originAccessControl: oac });
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: `Leafline ${props.stage}`,
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      priceClass: props.priceClass,
      enableLogging: true,
      logBucket: props.logBucket,
      logFilePrefix: 'cloudfront/',
      defaultBehavior: {
        origin: spaOrigin,
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        functionAssociations: [{ function: this.spaRewrite, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        // The default behaviour caches; the service worker must never be served from a cache.
        '/sw.js': {
          origin: spaOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          responseHeadersPolicy: workerHeaders,
        },
        '/images/*': {
          origin: new NamedS3Origin(props.imagesBucketName, oac),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: imagesCache,
          responseHeadersPolicy: imageHeaders,
        },
        // Before /api/*: CloudFront takes the first pattern that matches.
        [NEAR_YOU_PATH]: {
          origin: apiOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: nearYouCache,
          originRequestPolicy: this.apiOriginRequestPolicy,
          responseHeadersPolicy: securityHeaders,
          functionAssociations: [{ function: this.nearYouKey, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
        },
        '/api/*': {
          origin: apiOrigin,
          // A redirected POST would lose its body: HTTPS only.
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          originRequestPolicy: this.apiOriginRequestPolicy,
          responseHeadersPolicy: securityHeaders,
        },
      },
    });

    // The images bucket's policy for this distribution (NamedS3Origin adds none).
    props.imagesBucket.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'CloudFrontReadsImages',
        principals: [new iam.ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [props.imagesBucket.arnForObjects('images/*')],
        conditions: { StringEquals: { 'AWS:SourceArn': this.distribution.distributionArn } },
      }),
    );

    acknowledge(
      this.distribution,
      'AwsSolutions-CFR1',
      'A community site for everyone: no country is blocked; guests get their location from the viewer headers, not from a restriction.',
    );
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR2',
      'No WAF yet (a web ACL costs a fixed monthly fee per stage); abuse is met by the application\'s rate limits (login, signup, reset, SMS) and the stage throttle of the HTTP API. Add a web ACL with AWS managed rules when traffic warrants it.',
    );
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR4',
      'The distribution serves the default *.cloudfront.net certificate, whose minimum viewer TLS version CloudFront fixes; a custom domain with an ACM certificate and TLSv1.2_2021 is the remedy once the product has a domain.',
    );
  }
}
