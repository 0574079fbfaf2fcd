/**
 * The session signing secret. In the cloud it is read once per container from Secrets Manager
 * (SIGNING_SECRET_ARN); on the local host from a file created once under .data/
 * (SIGNING_SECRET_FILE). Handlers do not know which host runs them.
 */
import { readFile } from 'node:fs/promises';

let cached: Promise<Uint8Array> | undefined;

async function load(): Promise<Uint8Array> {
  const arn = process.env.SIGNING_SECRET_ARN;
  if (arn) {
    const { SecretsManagerClient, GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
    const out = await new SecretsManagerClient({}).send(new GetSecretValueCommand({ SecretId: arn }));
    if (!out.SecretString) throw new Error('signing secret is empty');
    return decode(out.SecretString);
  }
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
  cached ??= load().catch((err: unknown) => {
    cached = undefined;
    throw err;
  });
  return cached;
}

/** Forget the cached secret (tests rotate it). */
export function resetSigningSecretCache(): void {
  cached = undefined;
}
