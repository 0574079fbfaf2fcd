/**
 * The images bucket locally: s3rver, path-style, with a CORS rule that lets the site's origin
 * PUT through presigned URLs. Credentials must be S3RVER/S3RVER.
 */
import S3rver from 's3rver';

export interface S3Local {
  endpoint: string;
  stop(): Promise<void>;
}

export function corsXml(origins: string[]): string {
  const allowed = origins.map((o) => `<AllowedOrigin>${o}</AllowedOrigin>`).join('');
  return `<CORSConfiguration><CORSRule>${allowed}<AllowedMethod>PUT</AllowedMethod><AllowedMethod>GET</AllowedMethod><AllowedMethod>HEAD</AllowedMethod><AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds></CORSRule></CORSConfiguration>`;
}

export async function startS3Local(opts: { port: number; directory: string; bucket: string; origins: string[] }): Promise<S3Local> {
  const server = new S3rver({
    port: opts.port,
    address: '127.0.0.1',
    directory: opts.directory,
    silent: true,
    vhostBuckets: false,
    configureBuckets: [{ name: opts.bucket, configs: [Buffer.from(corsXml(opts.origins))] }],
  });
  await server.run();
  return { endpoint: `http://127.0.0.1:${opts.port}`, stop: () => server.close() };
}
