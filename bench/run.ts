/**
 * `npm run bench`: the speed and reliability figures of issue 10, each against a production server
 * process (server/main.ts, as `npm start` runs it, NODE_ENV=production, LOG_LEVEL=warn):
 *
 * - load (bench/load.ts): GET /api/destinations, POST /api/search, POST /api/chat and
 *   GET /api/planner-items (and GET /api/health, the floor), each next to a bare node:http server
 *   answering the same bytes in the same run: requests per second, p99 and the ratio.
 * - upload (bench/upload.ts): a 100 MB PUT, next to bare node:http, and the server's memory growth.
 * - planner (bench/planner.ts): a month of a 5,000-item trip, warm and cold, next to GET /api/health.
 * - itinerary (bench/itinerary.ts): a whole trip in one read, the owner's and a link's, at three
 *   sizes up to the item cap, with the response cache on and off (every answer a miss), and how
 *   the cost grew against the items (issue 30).
 * - coldstart (bench/coldstart.ts): from starting the server (the build, on a fresh and on an
 *   existing DATA_DIR; and `npm start` itself) to its first healthy answer, median and slowest of
 *   `--cold-starts`, and the process tree's memory then (issue 30: under 2 s).
 * - soak (bench/soak.ts): mixed requests for 60 s with bounded connections: statuses by class
 *   (zero 5xx), and the server's memory sampled every 2 s (flat after warm-up).
 * - assistant (bench/assistant.ts): the built-in assistant in process, about a hundred travellers'
 *   questions answered again and again after a warm-up: p50, p95 and max per answer (issue 23:
 *   p95 under 50 ms).
 * - abuse (bench/abuse.ts): GET /api/health's p50, p95 and max probed every 20 ms, idle and while
 *   one client floods each expensive route with fresh cookies (safety kits, the calendar feed of a
 *   trip at the item cap, rendered pages, chat, movie creation, decompression-bomb uploads), with
 *   the flood's statuses and the server's process tree's peak memory (issue 25: p95 under 100 ms
 *   under every flood).
 *
 * Usage: npm run bench [-- --seconds 5 --connections 10]
 *        [--only load|upload|planner|soak|assistant|abuse]
 *        [--rounds 3] [--assistant-rounds 10] [--soak-seconds 60 --soak-connections 8]
 *        [--abuse-seconds 10 --abuse-connections 20 --abuse-floods 'feed,chat'] [--json figures.json]
 * The machine is shared and noisy: read the figures next to the load average printed first.
 */
import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { runAbuseBench } from './abuse.js';
import { runAssistantBench } from './assistant.js';
import { runColdStartBench } from './coldstart.js';
import { machineLine } from './common.js';
import { runItineraryBench } from './itinerary.js';
import { runLoadBench } from './load.js';
import { runPlannerBench } from './planner.js';
import { runSoakBench } from './soak.js';
import { runUploadBench } from './upload.js';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    /**
     * Only one part: `load` (the request benchmarks), `upload`, `planner`, `itinerary`,
     * `coldstart`, `soak`, `assistant` or `abuse`.
     */
    only: { type: 'string' },
    /** Uploads to each server in the upload benchmark. */
    rounds: { type: 'string', default: '3' },
    /** Starts of each kind in the cold-start benchmark. */
    'cold-starts': { type: 'string', default: '5' },
    /** Times each question is answered in the assistant benchmark, after one warm-up answer. */
    'assistant-rounds': { type: 'string', default: '10' },
    'soak-seconds': { type: 'string', default: '60' },
    'soak-connections': { type: 'string', default: '8' },
    /** Seconds of the idle probe and of each flood in the abuse benchmark. */
    'abuse-seconds': { type: 'string', default: '10' },
    /** The flooding client's concurrent connections (or concurrent visitors) in each flood. */
    'abuse-connections': { type: 'string', default: '20' },
    'abuse-floods': { type: 'string', default: '' },
    /** Writes every figure to this file as JSON. */
    json: { type: 'string' },
  },
});
const PARTS = [
  'load',
  'upload',
  'planner',
  'itinerary',
  'coldstart',
  'soak',
  'assistant',
  'abuse',
] as const;
if (values.only !== undefined && !(PARTS as readonly string[]).includes(values.only)) {
  throw new Error(`--only must be one of ${PARTS.join(', ')}, not ${values.only}`);
}
const positive = (name: string, value: string) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a whole number >= 1`);
  return n;
};
const runs = (part: (typeof PARTS)[number]) => values.only === undefined || values.only === part;
const options = {
  seconds: positive('seconds', values.seconds),
  connections: positive('connections', values.connections),
};

// Every benchmark runs the production build, made current first as `npm start` makes it.
const build = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { stdio: 'inherit' });
if (build.status !== 0) throw new Error('the build failed; nothing was measured');

const started = Date.now();
const machine = machineLine();
console.log(machine);
const figures: Record<string, unknown> = { machine, options: values };

if (runs('load')) {
  const result = await runLoadBench(options);
  for (const line of result.lines) console.log(line);
  figures.load = result.figures;
}
if (runs('upload')) {
  const result = await runUploadBench({ rounds: positive('rounds', values.rounds) });
  for (const line of result.lines) console.log(line);
  figures.upload = result.figures;
}
if (runs('planner')) {
  const result = await runPlannerBench(options);
  for (const line of result.lines) console.log(line);
  figures.planner = result.figures;
}
if (runs('itinerary')) {
  const result = await runItineraryBench(options);
  for (const line of result.lines) console.log(line);
  figures.itinerary = result.figures;
}
if (runs('coldstart')) {
  const result = await runColdStartBench({
    starts: positive('cold-starts', values['cold-starts']),
  });
  for (const line of result.lines) console.log(line);
  figures.coldstart = result.figures;
}
if (runs('soak')) {
  const result = await runSoakBench({
    seconds: positive('soak-seconds', values['soak-seconds']),
    connections: positive('soak-connections', values['soak-connections']),
  });
  for (const line of result.lines) console.log(line);
  figures.soak = result.figures;
}
if (runs('assistant')) {
  const result = await runAssistantBench({
    rounds: positive('assistant-rounds', values['assistant-rounds']),
  });
  for (const line of result.lines) console.log(line);
  figures.assistant = result.figures;
}
if (runs('abuse')) {
  const result = await runAbuseBench({
    seconds: positive('abuse-seconds', values['abuse-seconds']),
    connections: positive('abuse-connections', values['abuse-connections']),
    floods: values['abuse-floods'].split(',').filter(Boolean),
  });
  for (const line of result.lines) console.log(line);
  figures.abuse = result.figures;
}

const elapsed = (Date.now() - started) / 1000;
figures.elapsedSeconds = elapsed;
figures.machineAfter = machineLine();
console.log(`\nDone in ${elapsed.toFixed(0)} s. ${figures.machineAfter as string}`);
if (values.json) {
  await writeFile(values.json, `${JSON.stringify(figures, null, 2)}\n`);
  console.log(`Figures written to ${values.json}`);
}
