/**
 * Upload benchmark: one 100 MB video PUT to the production server's upload URL (local storage),
 * next to a bare node:http server that pipes the same bytes to a file, in the same run. Also the
 * server's peak memory growth during its uploads: uploads must stream, never sit in memory.
 */
import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import type { ServerProcess } from '../tests/helpers/process.js';
import { productionEnv, residentBytes, startBenchServer } from './common.js';

const FILE_BYTES = 104_857_600;
const FILE_TYPE = 'video/mp4';
const MB = 1024 * 1024;
const RSS_SAMPLE_MS = 20;
const TARGET_RATIO = 0.5;
const TARGET_RSS_GROWTH_MB = 64;

export interface UploadBenchOptions {
  /** Uploads to each server; the median throughput is reported. */
  rounds?: number;
}

interface PutResult {
  status: number;
  body: string;
  seconds: number;
}

/** PUTs a file with node:http, streaming it from disk, and times it until the answer is read. */
async function putFile(
  url: URL,
  headers: Record<string, string>,
  file: string,
): Promise<PutResult> {
  const started = performance.now();
  const req = httpRequest(url, {
    method: 'PUT',
    headers: { ...headers, 'content-length': String(FILE_BYTES) },
  });
  const answered = once(req, 'response') as Promise<[IncomingMessage]>;
  // A server that refuses early may close before the body is sent; its answer is what matters.
  const sent = pipeline(createReadStream(file), req).catch(() => undefined);
  const [response] = await answered;
  let body = '';
  response.setEncoding('utf8');
  for await (const chunk of response) body += chunk as string;
  await sent;
  return { status: response.statusCode ?? 0, body, seconds: (performance.now() - started) / 1000 };
}

/** A 100 MB file that starts as a real MP4 (made with the npm package's ffmpeg), then padding. */
async function makeVideoFile(dir: string): Promise<string> {
  const ffmpeg = ((await import('@ffmpeg-installer/ffmpeg')) as { default: { path: string } })
    .default.path;
  const seed = path.join(dir, 'seed.mp4');
  await promisify(execFile)(ffmpeg, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x240:rate=25',
    '-t',
    '1',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    '-y',
    seed,
  ]);
  const head = await readFile(seed);
  if (head.length >= FILE_BYTES) throw new Error('the seed video is larger than the upload');
  const file = path.join(dir, 'upload.mp4');
  const padding = Buffer.alloc(MB);
  await pipeline(async function* () {
    yield head;
    for (let left = FILE_BYTES - head.length; left > 0; left -= padding.length) {
      yield left >= padding.length ? padding : padding.subarray(0, left);
    }
  }, createWriteStream(file));
  const { size } = await stat(file);
  if (size !== FILE_BYTES) throw new Error(`made ${size} bytes instead of ${FILE_BYTES}`);
  return file;
}

/** The baseline: node:http piping each request body to a file, nothing else. */
async function bareUploadServer(dir: string): Promise<{ url: string; server: Server }> {
  let n = 0;
  const server = createServer((req, res) => {
    const target = path.join(dir, `bare-${n++}`);
    pipeline(req, createWriteStream(target)).then(
      () => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'),
      () => res.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}`, server };
}

/** Samples a process's resident memory (VmRSS, /proc) every 20 ms; Linux only. */
function rssSampler(pid: number) {
  const read = () => residentBytes(pid);
  let peak = 0;
  let timer: NodeJS.Timeout | undefined;
  let baseline = 0;
  return {
    async start() {
      baseline = (await read()) ?? 0;
      peak = baseline;
      timer = setInterval(() => {
        void read().then((rss) => {
          if (rss !== null && rss > peak) peak = rss;
        });
      }, RSS_SAMPLE_MS);
    },
    /** Peak growth over the baseline taken at start, in bytes. */
    async stop(): Promise<number> {
      clearInterval(timer);
      const last = await read();
      if (last !== null && last > peak) peak = last;
      return peak - baseline;
    },
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

export interface UploadFigures {
  bytes: number;
  rounds: number;
  /** Median throughput, MB/s (MB = 2^20 bytes). */
  oursMBs: number;
  bareMBs: number;
  ratio: number;
  targetRatio: number;
  /** The largest growth of the server's RSS during one of its uploads, in MB. */
  rssGrowthMB: number;
  targetRssGrowthMB: number;
}

/** Runs the upload benchmark and returns the lines to print and the figures. */
export async function runUploadBench(
  options: UploadBenchOptions = {},
): Promise<{ lines: string[]; figures: UploadFigures }> {
  const rounds = Math.max(1, options.rounds ?? 3);
  const dir = await mkdtemp(path.join(tmpdir(), 'aj-bench-upload-'));
  const dataDir = path.join(dir, 'data');
  const bareDir = path.join(dir, 'bare');
  await mkdir(dataDir);
  await mkdir(bareDir);
  let app: ServerProcess | undefined;
  let bare: { url: string; server: Server } | undefined;
  try {
    const file = await makeVideoFile(dir);
    app = await startBenchServer(productionEnv(dataDir));
    const appUrl = app.url;
    bare = await bareUploadServer(bareDir);
    const pid = app.child.pid;
    if (pid === undefined) throw new Error('the server process has no pid');

    let cookie: string | undefined;
    /** One upload ticket: the session cookie comes with the first. */
    const ticket = async () => {
      const response = await fetch(`${appUrl}/api/media/upload`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify({ fileType: FILE_TYPE, fileSize: FILE_BYTES }),
      });
      if (!response.ok) {
        throw new Error(
          `POST /api/media/upload answered ${response.status}: ${await response.text()}`,
        );
      }
      cookie ??= response.headers.getSetCookie()[0]?.split(';')[0];
      if (!cookie) throw new Error('POST /api/media/upload set no session cookie');
      const body = (await response.json()) as {
        uploadURL: string;
        headers?: Record<string, string>;
      };
      return body;
    };

    const ours: number[] = [];
    const baseline: number[] = [];
    let rssGrowth = 0;
    for (let round = 0; round < rounds; round++) {
      const { uploadURL, headers } = await ticket();
      const sampler = rssSampler(pid);
      await sampler.start();
      const mine = await putFile(
        new URL(uploadURL, appUrl),
        { 'content-type': FILE_TYPE, ...headers, cookie: cookie! },
        file,
      );
      rssGrowth = Math.max(rssGrowth, await sampler.stop());
      if (mine.status !== 200) {
        throw new Error(`PUT to the upload URL answered ${mine.status}: ${mine.body}`);
      }
      ours.push(FILE_BYTES / MB / mine.seconds);

      const theirs = await putFile(
        new URL('/upload', bare.url),
        { 'content-type': FILE_TYPE },
        file,
      );
      if (theirs.status !== 200) throw new Error(`the bare server answered ${theirs.status}`);
      baseline.push(FILE_BYTES / MB / theirs.seconds);
    }

    const oursMBs = median(ours);
    const bareMBs = median(baseline);
    const ratio = oursMBs / bareMBs;
    const growthMB = rssGrowth / MB;
    const figures: UploadFigures = {
      bytes: FILE_BYTES,
      rounds,
      oursMBs,
      bareMBs,
      ratio,
      targetRatio: TARGET_RATIO,
      rssGrowthMB: growthMB,
      targetRssGrowthMB: TARGET_RSS_GROWTH_MB,
    };
    const lines = [
      `\nUpload: ${FILE_BYTES} bytes (${FILE_TYPE}), ${rounds} rounds each, median\n`,
      [
        'PUT upload URL (local)'.padEnd(26),
        `${oursMBs.toFixed(0).padStart(7)} MB/s`,
        `| bare node:http ${bareMBs.toFixed(0).padStart(7)} MB/s`,
        `| ratio ${ratio.toFixed(2)} (target >= ${TARGET_RATIO}: ${ratio >= TARGET_RATIO ? 'met' : 'MISSED'})`,
        `| server RSS growth peak ${growthMB.toFixed(1)} MB (target < ${TARGET_RSS_GROWTH_MB}: ${growthMB < TARGET_RSS_GROWTH_MB ? 'met' : 'MISSED'})`,
      ].join('  '),
    ];
    return { lines, figures };
  } finally {
    bare?.server.close();
    await app?.stop('SIGTERM');
    await rm(dir, { recursive: true, force: true });
  }
}
