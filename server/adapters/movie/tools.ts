import { spawn } from 'node:child_process';
import path from 'node:path';

/** The two programs thumbnails and movies need. */
export interface MediaTools {
  ffmpegPath: string;
  ffprobePath: string;
}

/** How long `-version` may take before a binary is taken as not runnable. */
const VERSION_CHECK_MS = 10_000;
/** How much of stderr is kept for an error: the end is where ffmpeg says what went wrong. */
const STDERR_TAIL_CHARS = 4000;

/** ffmpeg or ffprobe ran and failed (or could not start); `stderrTail` is the end of what it said. */
export class MediaToolError extends Error {
  constructor(
    message: string,
    readonly exitCode: number | null,
    readonly stderrTail: string,
  ) {
    super(message);
    this.name = 'MediaToolError';
  }
}

interface RunOptions {
  signal?: AbortSignal;
  /** Called with each chunk of stdout (as text). */
  onStdout?: (chunk: string) => void;
}

/** Runs a program without a shell; resolves with its stdout, rejects on a non-zero exit or abort. */
function run(program: string, args: string[], options: RunOptions = {}): Promise<string> {
  const { signal, onStdout } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    const stdout: string[] = [];
    let stderr = '';
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      fn();
    };
    const onAbort = () => {
      child.kill('SIGKILL');
      settle(() => reject(abortReason(signal)));
    };
    signal?.addEventListener('abort', onAbort, { once: true });

    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      if (onStdout) onStdout(chunk);
      else stdout.push(chunk);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS);
    });
    child.on('error', (error) =>
      settle(() =>
        reject(new MediaToolError(`${program} could not start: ${error.message}`, null, '')),
      ),
    );
    child.on('close', (code, killedBy) =>
      settle(() => {
        if (code === 0) resolve(stdout.join(''));
        else {
          const how = code === null ? `was stopped by ${killedBy}` : `exited with code ${code}`;
          const tail = stderr.trim();
          reject(
            new MediaToolError(
              `${program} ${how}${tail ? `: ${lastLines(tail)}` : ''}`,
              code,
              tail,
            ),
          );
        }
      }),
    );
  });
}

const abortReason = (signal: AbortSignal | undefined): unknown =>
  signal?.reason ?? new DOMException('The operation was aborted', 'AbortError');

/** The last few lines of stderr, enough for a log line. */
const lastLines = (text: string) => text.split('\n').slice(-3).join(' | ');

/** The first line of `-version` when the program answers it with its own name in time, else null. */
async function versionOf(program: string, name: 'ffmpeg' | 'ffprobe'): Promise<string | null> {
  try {
    const out = await run(program, ['-version'], { signal: AbortSignal.timeout(VERSION_CHECK_MS) });
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
    ? { ffmpegPath: ffmpeg.path, ffprobePath: ffprobe.path, version: ffmpeg.version }
    : null;
}

export interface RunFfmpegOptions {
  signal?: AbortSignal;
  /** The output time reached so far, in seconds, as ffmpeg reports it (about twice a second). */
  onProgress?: (outTimeSeconds: number) => void;
}

/**
 * Runs ffmpeg with `args` (inputs, filters, outputs; add `-y` to overwrite). The process is
 * killed when `signal` aborts. Rejects with a MediaToolError carrying the end of stderr.
 */
export async function runFfmpeg(
  tools: MediaTools,
  args: string[],
  options: RunFfmpegOptions = {},
): Promise<void> {
  const { onProgress } = options;
  let pending = '';
  await run(
    tools.ffmpegPath,
    ['-hide_banner', '-nostdin', '-loglevel', 'error', '-progress', 'pipe:1', '-nostats', ...args],
    {
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
}

/** ffprobe's view of a file's format and streams. Rejects when ffprobe cannot read it. */
export async function probe(
  tools: MediaTools,
  file: string,
  options: { signal?: AbortSignal } = {},
): Promise<ProbeResult> {
  const out = await run(
    tools.ffprobePath,
    [
      '-v',
      'error',
      '-protocol_whitelist',
      'file',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      inputPath(file),
    ],
    { signal: options.signal },
  );
  let parsed: unknown;
  try {
    parsed = JSON.parse(out);
  } catch {
    throw new MediaToolError('ffprobe gave output that is not JSON', 0, '');
  }
  const result = (parsed ?? {}) as Partial<ProbeResult>;
  return { format: result.format, streams: Array.isArray(result.streams) ? result.streams : [] };
}
