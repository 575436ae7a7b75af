import { access, constants } from 'node:fs/promises';
import path from 'node:path';
import {
  boundInputs,
  DECODE_LIMITS,
  MediaToolError,
  PROBE_LIMITS,
  runTool,
  type ToolLimits,
} from './runner.js';

export { MediaToolError, MediaToolLimitError, MediaQueueBusy } from './runner.js';

/** The two programs thumbnails and movies need. */
export interface MediaTools {
  ffmpegPath: string;
  ffprobePath: string;
  /**
   * util-linux's `prlimit`, which sets each run's CPU and memory limits; null where it is missing
   * (the runs keep their time limit, one thread and the queue). Unset: looked for as `prlimit`.
   */
  prlimitPath?: string | null;
}

/** How long `-version` may take before a binary is taken as not runnable. */
const VERSION_CHECK_MS = 10_000;

/** The first line of `-version` when the program answers it with its own name in time, else null. */
async function versionOf(program: string, name: 'ffmpeg' | 'ffprobe'): Promise<string | null> {
  try {
    const out = await runTool(program, ['-version'], {
      signal: AbortSignal.timeout(VERSION_CHECK_MS),
    });
    return out.startsWith(`${name} version`) ? (out.split('\n')[0] ?? '').trim() : null;
  } catch {
    return null;
  }
}

/**
 * The npm package's binary, where the package installed one for this platform. Imported by a
 * computed name: the packages are optional, throw on platforms they have no binary for, and ship
 * no types worth depending on.
 */
async function packagedBinary(
  pkg: '@ffmpeg-installer/ffmpeg' | '@ffprobe-installer/ffprobe',
): Promise<string | null> {
  try {
    const mod = (await import(pkg as string)) as { default?: { path?: unknown }; path?: unknown };
    const found = mod.default?.path ?? mod.path;
    return typeof found === 'string' && found ? found : null;
  } catch {
    return null;
  }
}

async function firstThatRuns(
  name: 'ffmpeg' | 'ffprobe',
  candidates: (() => Promise<string | null | undefined>)[],
): Promise<{ path: string; version: string } | null> {
  for (const candidate of candidates) {
    const program = await candidate();
    const version = program ? await versionOf(program, name) : null;
    if (program && version) return { path: program, version };
  }
  return null;
}

/**
 * Finds ffmpeg and ffprobe: the configured paths, else the system's on PATH (kept up to date by
 * the system's packages), else the npm packages' static binaries, the last resort. Each is checked
 * by running it; null when either cannot run anywhere, so callers can say thumbnails and movies
 * are unavailable rather than pretend. `version` is ffmpeg's own first line, for the start log.
 */
export async function locateMediaTools(overrides: {
  ffmpegPath?: string;
  ffprobePath?: string;
}): Promise<(MediaTools & { version: string }) | null> {
  const [ffmpeg, ffprobe] = await Promise.all([
    firstThatRuns('ffmpeg', [
      async () => overrides.ffmpegPath,
      async () => 'ffmpeg',
      () => packagedBinary('@ffmpeg-installer/ffmpeg'),
    ]),
    firstThatRuns('ffprobe', [
      async () => overrides.ffprobePath,
      async () => 'ffprobe',
      () => packagedBinary('@ffprobe-installer/ffprobe'),
    ]),
  ]);
  return ffmpeg && ffprobe
    ? {
        ffmpegPath: ffmpeg.path,
        ffprobePath: ffprobe.path,
        prlimitPath: await findPrlimit(),
        version: ffmpeg.version,
      }
    : null;
}

/** Where util-linux installs prlimit; PATH is looked through too. */
const PRLIMIT_CANDIDATES = ['/usr/bin/prlimit', '/bin/prlimit'];

/** `prlimit` when it runs here (Linux with util-linux), else null. */
export async function findPrlimit(): Promise<string | null> {
  const onPath = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .map((dir) => path.join(dir, 'prlimit'));
  for (const candidate of [...PRLIMIT_CANDIDATES, ...onPath]) {
    const runnable = await access(candidate, constants.X_OK).then(
      () => true,
      () => false,
    );
    if (!runnable) continue;
    const works = await runTool(candidate, ['--cpu=1', '--', 'true'], {
      signal: AbortSignal.timeout(VERSION_CHECK_MS),
    }).then(
      () => true,
      () => false,
    );
    if (works) return candidate;
  }
  return null;
}

export interface RunFfmpegOptions {
  /** Time, CPU and memory this run may take (see runner.ts); a picture's decode by default. */
  limits?: ToolLimits;
  /** Whose turn in the media work queue: the uploader's address key. */
  workKey?: string;
  signal?: AbortSignal;
  /** The output time reached so far, in seconds, as ffmpeg reports it (about twice a second). */
  onProgress?: (outTimeSeconds: number) => void;
}

/**
 * Runs ffmpeg with `args` (inputs, filters, outputs; add `-y` to overwrite) within `limits`, one
 * thread for each decoder and filter graph (outputs name their encoder's `-threads 1`), pictures
 * above MAX_MEDIA_PIXELS refused. The process is killed when `signal` aborts or a limit is
 * reached. Rejects with a MediaToolError carrying the end of stderr (a MediaToolLimitError for a
 * limit).
 */
export async function runFfmpeg(
  tools: MediaTools,
  args: string[],
  options: RunFfmpegOptions = {},
): Promise<void> {
  const { onProgress } = options;
  let pending = '';
  await runTool(
    tools.ffmpegPath,
    [
      '-hide_banner',
      '-nostdin',
      '-loglevel',
      'error',
      '-progress',
      'pipe:1',
      '-nostats',
      '-filter_threads',
      '1',
      '-filter_complex_threads',
      '1',
      ...boundInputs(args),
    ],
    {
      limits: options.limits ?? DECODE_LIMITS,
      prlimitPath: tools.prlimitPath,
      workKey: options.workKey,
      signal: options.signal,
      onStdout: (chunk) => {
        pending += chunk;
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          const seconds = progressSeconds(line);
          if (seconds !== null) onProgress?.(seconds);
        }
      },
    },
  );
}

/**
 * `out_time_us=` (newer ffmpeg) and `out_time_ms=` (all versions; despite its name also in
 * microseconds, see https://trac.ffmpeg.org/ticket/7345). Both arrive together in newer versions,
 * which reports the same time twice: harmless.
 */
function progressSeconds(line: string): number | null {
  const match = /^out_time_(?:us|ms)=(-?\d+)\s*$/.exec(line.trim());
  if (!match) return null;
  const micros = Number(match[1]);
  return Number.isFinite(micros) && micros >= 0 ? micros / 1_000_000 : null;
}

/**
 * A file name as an ffmpeg/ffprobe argument: absolute, so a name starting with `-` is never read as
 * an option and one with a colon never as a protocol (`concat:`, `http:`).
 */
export const inputPath = (file: string) => path.resolve(file);

/** The parts of ffprobe's JSON this project reads. Numbers come as strings where ffprobe says so. */
export interface ProbeStream {
  index: number;
  codec_type?: string;
  codec_name?: string;
  width?: number;
  height?: number;
  pix_fmt?: string;
  duration?: string;
  nb_frames?: string;
  r_frame_rate?: string;
  tags?: Record<string, string>;
  side_data_list?: { side_data_type?: string; rotation?: number }[];
}
export interface ProbeResult {
  format?: { format_name?: string; duration?: string; tags?: Record<string, string> };
  streams: ProbeStream[];
  /** A picture ffprobe did not decode because it is over MAX_MEDIA_PIXELS, with its size. */
  oversized?: { width: number; height: number } | null;
}

/** How much of a file ffprobe reads to find its streams (its own defaults, named). */
const PROBE_SIZE_BYTES = 5_000_000;
const PROBE_ANALYZE_MICROSECONDS = 5_000_000;
/** Only what this project reads: the fewer entries, the less ffprobe writes for a tag bomb. */
const PROBE_ENTRIES = [
  'format=format_name,duration',
  'format_tags',
  'stream=index,codec_type,codec_name,width,height,pix_fmt,duration,nb_frames,r_frame_rate',
  'stream_tags',
  'stream_side_data=side_data_type,rotation',
].join(':');

/**
 * ffprobe's view of a file's format and streams, within PROBE_LIMITS unless told otherwise.
 * Rejects when ffprobe cannot read it (a MediaToolLimitError when a limit stopped it). A picture
 * over MAX_MEDIA_PIXELS is not decoded: its stream has no size, and `oversized` gives it.
 */
export async function probe(
  tools: MediaTools,
  file: string,
  options: { signal?: AbortSignal; limits?: ToolLimits; workKey?: string } = {},
): Promise<ProbeResult> {
  let said = '';
  const out = await runTool(
    tools.ffprobePath,
    [
      '-v',
      'error',
      '-probesize',
      String(PROBE_SIZE_BYTES),
      '-analyzeduration',
      String(PROBE_ANALYZE_MICROSECONDS),
      '-protocol_whitelist',
      'file',
      '-print_format',
      'json',
      '-show_entries',
      PROBE_ENTRIES,
      ...boundInputs(['-i', inputPath(file)]),
    ],
    {
      signal: options.signal,
      limits: options.limits ?? PROBE_LIMITS,
      prlimitPath: tools.prlimitPath,
      workKey: options.workKey,
      onStderr: (text) => (said = text),
    },
  );
  let parsed: unknown;
  try {
    parsed = JSON.parse(out);
  } catch {
    throw new MediaToolError('ffprobe gave output that is not JSON', 0, '');
  }
  const result = (parsed ?? {}) as Partial<ProbeResult>;
  return {
    format: result.format,
    streams: Array.isArray(result.streams) ? result.streams : [],
    oversized: oversizedPicture(said),
  };
}

/** ffmpeg's words when `-max_pixels` refuses a picture, the same since the option came (2017). */
const OVER_MAX_PIXELS = /Picture size (\d+)x(\d+) exceeds specified max pixel count/;

function oversizedPicture(stderr: string): { width: number; height: number } | null {
  const match = OVER_MAX_PIXELS.exec(stderr);
  return match ? { width: Number(match[1]), height: Number(match[2]) } : null;
}
