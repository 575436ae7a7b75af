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

/** How to run the S3 suites when they were skipped. */
export const S3_SKIP_HINT =
  'to run them, start the S3 test server as root (`bash scripts/s3-test-server.sh`: installs ' +
  'OpenStack Swift with apt) or set S3_TEST_PORT to the port of one already running';

let availability: Promise<boolean> | undefined;

/**
 * Whether the S3 suites can run here: the S3 test server answers, or it could be started (installed
 * first when root and apt are there). Evaluate once per test file with a top-level await, then
 * `describe.skipIf(!available)`. With S3_TEST=skip it is not tried. When it cannot run, the suites
 * skip with a message saying how to run them, except with REQUIRE_SERVICES=1 (CI): then this throws,
 * so a missing service fails the run instead of skipping silently.
 */
export function s3Available(): Promise<boolean> {
  availability ??= (async () => {
    const required = process.env.REQUIRE_SERVICES === '1';
    let reason: string;
    if (process.env.S3_TEST === 'skip') {
      reason = 'S3_TEST=skip';
    } else {
      try {
        await ensureServer();
        return true;
      } catch (error) {
        reason = (error as Error).message;
      }
    }
    if (required) {
      throw new Error(`REQUIRE_SERVICES=1 but the S3 test server is not available: ${reason}`);
    }
    console.warn(`Skipping the S3 suites (${reason.trim()});
${S3_SKIP_HINT}.`);
    return false;
  })();
  return availability;
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
