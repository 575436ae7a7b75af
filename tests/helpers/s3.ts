import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { promisify } from 'node:util';
import { createS3Storage } from '../../server/adapters/storage/s3.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SCRIPT = path.join(ROOT, 'scripts/s3-test-server.sh');
/** Installing the Debian packages on a fresh machine takes about 40 s, starting about 5 s. */
const START_TIMEOUT_MS = 240_000;

export interface S3TestEnv {
  S3_BUCKET: string;
  S3_ENDPOINT: string;
  S3_REGION: string;
  S3_ACCESS_KEY_ID: string;
  S3_SECRET_ACCESS_KEY: string;
}

const port = process.env.S3_TEST_PORT || '8080';
const endpoint = `http://127.0.0.1:${port}`;

async function healthy(): Promise<boolean> {
  try {
    const response = await fetch(`${endpoint}/healthcheck`, { signal: AbortSignal.timeout(2_000) });
    return response.ok && (await response.text()) === 'OK';
  } catch {
    return false;
  }
}

let starting: Promise<void> | undefined;

/** Runs scripts/s3-test-server.sh (install when missing, start) once per process when needed. */
function ensureServer(): Promise<void> {
  starting ??= (async () => {
    if (await healthy()) return;
    try {
      await promisify(execFile)('bash', [SCRIPT], {
        cwd: ROOT,
        timeout: START_TIMEOUT_MS,
        env: { ...process.env, S3_TEST_PORT: port },
      });
    } catch (error) {
      const { stderr, message } = error as { stderr?: string; message: string };
      throw new Error(
        `The S3 test server (OpenStack Swift) could not be started by ${SCRIPT}:\n${stderr || message}`,
      );
    }
    if (!(await healthy())) {
      throw new Error(`The S3 test server (OpenStack Swift) does not answer on ${endpoint}`);
    }
  })();
  // A failed start may be retried by a later call.
  starting.catch(() => (starting = undefined));
  return starting;
}

/**
 * The environment of a server using the real S3 test server (Swift with s3api on 127.0.0.1), with a
 * fresh, empty bucket of its own. Starts the server when it is not running (installing it first on a
 * fresh machine); throws when it cannot.
 */
export async function s3TestEnv(): Promise<S3TestEnv> {
  await ensureServer();
  const env: S3TestEnv = {
    S3_BUCKET: `aj-test-${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'test:tester',
    S3_SECRET_ACCESS_KEY: 'testing',
  };
  await createS3Storage({
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
  }).ensureBucket();
  return env;
}
