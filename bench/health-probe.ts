/**
 * The steady probe of bench/abuse.ts, in its own process so that the flood's client in the bench's
 * process never delays it: GET <url>/api/health once every <interval> ms for <seconds> s, started
 * on schedule whether or not the previous answer has come (an open loop: a slow answer does not
 * hide the requests that would have waited behind it), each timed from its send to its last byte.
 *
 * Usage: tsx bench/health-probe.ts <url> <intervalMs> <seconds>. Prints `ready` once a first
 * request has answered, starts on a line on stdin, and prints one line of JSON at the end:
 * { samples: ms[], errors: number, timeouts: number }.
 */
import { once } from 'node:events';
import { Agent, request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

const [base, intervalArg, secondsArg] = process.argv.slice(2);
if (!base || !intervalArg || !secondsArg) {
  throw new Error('usage: health-probe.ts <url> <intervalMs> <seconds>');
}
const intervalMs = Number(intervalArg);
const seconds = Number(secondsArg);
/** An answer later than this counts as a timeout (and as this many ms among the samples). */
const TIMEOUT_MS = 30_000;
const url = new URL('/api/health', base);
// One connection while answers come in time; more only while earlier requests still wait.
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

class ProbeTimeout extends Error {}

function probe(): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { agent, timeout: TIMEOUT_MS }, (response) => {
      response.resume();
      response.once('end', () =>
        response.statusCode === 200
          ? resolve(performance.now() - started)
          : reject(new Error(`status ${response.statusCode}`)),
      );
      response.once('error', reject);
    });
    req.once('timeout', () => {
      req.destroy(new ProbeTimeout());
    });
    req.once('error', reject);
    req.end();
  });
}

await probe();
process.stdout.write('ready\n');
await once(process.stdin, 'data');

const samples: number[] = [];
let errors = 0;
let timeouts = 0;
const pending: Promise<void>[] = [];
const start = performance.now();
const count = Math.floor((seconds * 1000) / intervalMs);
for (let i = 0; i < count; i++) {
  const wait = start + i * intervalMs - performance.now();
  if (wait > 0) await sleep(wait);
  pending.push(
    probe().then(
      (ms) => void samples.push(ms),
      (error: unknown) => {
        if (error instanceof ProbeTimeout) {
          timeouts++;
          samples.push(TIMEOUT_MS);
        } else {
          errors++;
        }
      },
    ),
  );
}
await Promise.all(pending);
agent.destroy();
process.stdout.write(`${JSON.stringify({ samples, errors, timeouts })}\n`);
process.stdin.destroy();
