/**
 * The secrets the handlers need: the session signing key and the origin secret CloudFront adds.
 *
 * In the cloud a function holds only the secrets' ARNs (SIGNING_SECRET_ARN, ORIGIN_SECRET_ARN)
 * and reads the values once per container from the AWS Parameters and Secrets Lambda Extension, a
 * layer serving Secrets Manager on localhost (infra/aws/secrets-extension.ts): no value sits in
 * the function's configuration, and no Secrets Manager client in its bundle (a plain node:http
 * GET, a module the SDK loads anyway). On the local host the signing key comes from a file
 * created once under .data/ (SIGNING_SECRET_FILE) and there is no origin secret; a host may
 * also pass the origin secret directly (ORIGIN_SECRET). Handlers do not know which host runs them.
 */
import { readFile } from 'node:fs/promises';
import { get } from 'node:http';

/** The extension's own default; the layer's configuration sets it explicitly. */
const EXTENSION_PORT = 2773;
const EXTENSION_TIMEOUT_MS = 3000;

/** One GET to the extension: the secret's current value (SecretString). */
function fromExtension(secretId: string): Promise<string> {
  const token = process.env.AWS_SESSION_TOKEN;
  if (!token) return Promise.reject(new Error('AWS_SESSION_TOKEN is not set: the secrets extension needs it'));
  const port = Number(process.env.PARAMETERS_SECRETS_EXTENSION_HTTP_PORT) || EXTENSION_PORT;
  return new Promise((resolve, reject) => {
    const req = get(
      {
        host: 'localhost',
        port,
        path: `/secretsmanager/get?secretId=${encodeURIComponent(secretId)}`,
        headers: { 'X-Aws-Parameters-Secrets-Token': token },
        timeout: EXTENSION_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8');
          if (res.statusCode !== 200) {
            reject(new Error(`the secrets extension answered ${res.statusCode} for ${secretId}: ${body.slice(0, 200)}`));
            return;
          }
          try {
            const value = (JSON.parse(body) as { SecretString?: unknown }).SecretString;
            if (typeof value !== 'string' || !value) throw new Error('no SecretString');
            resolve(value);
          } catch {
            reject(new Error(`the secrets extension answered no secret string for ${secretId}`));
          }
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`the secrets extension did not answer within ${EXTENSION_TIMEOUT_MS} ms`)));
    req.on('error', reject);
  });
}

interface Cached {
  value: Promise<string>;
  readAt: number;
}

const secretCache = new Map<string, Cached>();

/** A secret's value by ARN, read once per container; a failed read is forgotten so the next call asks again. */
function secretString(arn: string, refreshOlderThanMs?: number): Promise<string> {
  const cached = secretCache.get(arn);
  if (cached && (refreshOlderThanMs === undefined || Date.now() - cached.readAt < refreshOlderThanMs)) return cached.value;
  const entry: Cached = {
    readAt: Date.now(),
    value: fromExtension(arn).catch((err: unknown) => {
      if (secretCache.get(arn) === entry) secretCache.delete(arn);
      throw err;
    }),
  };
  secretCache.set(arn, entry);
  return entry.value;
}

let signing: Promise<Uint8Array> | undefined;

async function loadSigningSecret(): Promise<Uint8Array> {
  const arn = process.env.SIGNING_SECRET_ARN;
  if (arn) return decode(await secretString(arn));
  const file = process.env.SIGNING_SECRET_FILE;
  if (file) return decode(await readFile(file, 'utf8'));
  throw new Error('neither SIGNING_SECRET_ARN nor SIGNING_SECRET_FILE is set');
}

function decode(text: string): Uint8Array {
  const bytes = Buffer.from(text.trim(), 'base64url');
  if (bytes.length < 32) throw new Error('signing secret must hold at least 256 bits');
  return new Uint8Array(bytes);
}

export function signingSecret(): Promise<Uint8Array> {
  signing ??= loadSigningSecret().catch((err: unknown) => {
    signing = undefined;
    throw err;
  });
  return signing;
}

/**
 * The value CloudFront puts in the origin header, or undefined where no host checks it (local).
 * `refreshOlderThanMs` reads it again when the value held is older than that: after a rotation
 * CloudFront sends the new value while this container still holds the old one.
 */
export function originSecret(opts: { refreshOlderThanMs?: number } = {}): Promise<string | undefined> {
  const arn = process.env.ORIGIN_SECRET_ARN;
  if (arn) return secretString(arn, opts.refreshOlderThanMs);
  return Promise.resolve(process.env.ORIGIN_SECRET || undefined);
}

/** Whether this host has an origin secret to check (the cloud: CloudFront adds it). */
export function hasOriginSecret(): boolean {
  return Boolean(process.env.ORIGIN_SECRET_ARN || process.env.ORIGIN_SECRET);
}

/** Forget every secret read (tests rotate them). */
export function resetSigningSecretCache(): void {
  signing = undefined;
  secretCache.clear();
}
