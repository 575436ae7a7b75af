import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { RENDER_LIMITS, RENDER_TIMEOUT_MS } from './runner.js';
import { MOVIE_FPS, sceneWindows } from './movie-script.js';
import { inputPath, MediaToolError, probe, runFfmpeg, type MediaTools } from './tools.js';
import { writeUprightPhoto, type UprightPhotoStep } from './upright-photo.js';

export interface RenderInput {
  tools: MediaTools;
  /** In the movie's order; each gets an equal slot. */
  clips: { path: string; kind: 'image' | 'video' }[];
  seconds: number;
  /** Where movie.mp4 and movie-calm.mp4 are written (created if missing). */
  outDir: string;
  signal?: AbortSignal;
  /** 0 to 1 across both variants; never goes back. */
  onProgress?: (fraction: number) => void;
  /** Whose turn in the media work queue (the address the movie was asked from). */
  workKey?: string;
}

export interface RenderedMovie {
  /** With a gentle zoom and fades between clips. */
  videoPath: string;
  /** The same clips for viewers who prefer reduced motion: still frames and plain cuts. */
  calmVideoPath: string;
  seconds: number;
}

export const MOVIE_WIDTH = 1280;
export const MOVIE_HEIGHT = 720;
export const MOVIE_FILE = 'movie.mp4';
export const CALM_MOVIE_FILE = 'movie-calm.mp4';

/**
 * The zoom works on a canvas larger than the frame: zoompan places its window on whole input
 * pixels, and finer pixels make the slow zoom glide instead of shimmer.
 */
const ZOOM_CANVAS = { width: 1920, height: 1080 };
/** How far the gentle zoom goes over a clip's slot: 8 % (1 -> 1.08, or back). */
const ZOOM_AMOUNT = 0.08;
/** Fades through black between clips, in frames (about half a second), at most a quarter slot. */
const FADE_FRAMES = 12;
/** How far the rendered length may stray before the movie is not trusted. */
const DURATION_TOLERANCE_SECONDS = 0.2;
/** Video inputs are read a little past their slot so trimming, not the input, decides the end. */
const VIDEO_READ_MARGIN_SECONDS = 1;
/** Progress stops here until both files are checked and in place. */
const ENCODED_PROGRESS = 0.98;

/**
 * Scales to fit inside width x height without distortion (the source's pixel aspect honoured),
 * to even sides, and pads the rest with black: any size, odd or portrait, becomes one frame size.
 */
function fit(width: number, height: number): string {
  const factor = `min(${width}/(iw*sar),${height}/ih)`;
  return [
    `scale=w='max(2,2*trunc(${factor}*iw*sar/2))':h='max(2,2*trunc(${factor}*ih/2))'`,
    'setsar=1',
    `pad=${width}:${height}:(ow-iw)/2:(oh-ih)/2:black`,
    'format=yuv420p',
  ].join(',');
}

function fades(frames: number): string {
  const n = Math.min(FADE_FRAMES, Math.floor(frames / 4));
  return n > 0 ? `,fade=t=in:s=0:n=${n},fade=t=out:s=${frames - n}:n=${n}` : '';
}

/** A still photo's zoom, in on even clips and out on odd ones, centred. */
function zoom(index: number, frames: number): string {
  const progress = `on/${Math.max(1, frames - 1)}`;
  const z =
    index % 2 === 0
      ? `1+${ZOOM_AMOUNT}*${progress}`
      : `${1 + ZOOM_AMOUNT}-${ZOOM_AMOUNT}*${progress}`;
  return (
    `zoompan=z='${z}':x='iw/2-iw/zoom/2':y='ih/2-ih/zoom/2'` +
    `:d=${frames}:s=${MOVIE_WIDTH}x${MOVIE_HEIGHT}:fps=${MOVIE_FPS},setsar=1`
  );
}

interface PlannedClip {
  /** A photo's is its small copy (see STILL). */
  path: string;
  kind: 'image' | 'video';
  frames: number;
}

/**
 * A photo as the movie uses it (writeUprightPhoto): turned upright, transparency on black, and
 * scaled down (never up) to fit the zoom canvas, by a run of its own. So the movie's filter graph,
 * which holds every input at once, gets pictures of 2 MP whatever was uploaded, and each large
 * photo is decoded alone, within DECODE_LIMITS.
 */
const STILL: UprightPhotoStep = {
  // Scaled before it is turned, in the stored picture's own sides.
  scale: (swapped) => {
    const [w, h] = swapped
      ? [ZOOM_CANVAS.height, ZOOM_CANVAS.width]
      : [ZOOM_CANVAS.width, ZOOM_CANVAS.height];
    return `scale=w='min(iw,${w})':h='min(ih,${h})':force_original_aspect_ratio=decrease`;
  },
  finish: 'format=yuv444p',
  // Uncompressed: quick to write and to read back, and no second loss of quality.
  output: ['-frames:v', '1', '-threads', '1', '-c:v', 'rawvideo', '-f', 'nut'],
};

/**
 * ffmpeg's input and the graph that makes one clip of both variants, `[m]` and `[c]`, from it.
 * The zoom goes in on even clips and out on odd ones.
 */
function planClip(clip: PlannedClip, index: number): { inputs: string[]; graph: string } {
  const n = clip.frames;
  if (clip.kind === 'image') {
    return {
      // Already upright, on black and small (STILL).
      inputs: ['-protocol_whitelist', 'file', '-i', inputPath(clip.path)],
      graph: [
        `[0:v:0]trim=end_frame=1,format=yuv444p,split[sm][sc]`,
        `[sm]${fit(ZOOM_CANVAS.width, ZOOM_CANVAS.height)},${zoom(index, n)}${fades(n)}[m]`,
        `[sc]${fit(MOVIE_WIDTH, MOVIE_HEIGHT)},loop=loop=${n - 1}:size=1:start=0,setpts=N/${MOVIE_FPS}/TB[c]`,
      ].join(';'),
    };
  }
  const slot = n / MOVIE_FPS;
  return {
    inputs: [
      '-t',
      String(slot + VIDEO_READ_MARGIN_SECONDS),
      '-protocol_whitelist',
      'file',
      '-i',
      inputPath(clip.path),
    ],
    graph: [
      // Trimmed to the slot; a shorter video holds its last frame. Scaled down first of all.
      `[0:v:0]setpts=PTS-STARTPTS,fps=${MOVIE_FPS},${fit(MOVIE_WIDTH, MOVIE_HEIGHT)},` +
        `tpad=stop_mode=clone:stop=${n},trim=end_frame=${n},setpts=PTS-STARTPTS,split[sm][c]`,
      `[sm]null${fades(n)}[m]`,
    ].join(';'),
  };
}

/** A list for ffmpeg's concat demuxer: one `file` line per path, quoted as it asks. */
const concatList = (files: string[]) =>
  files.map((file) => `file '${file.replace(/'/g, "'\\''")}'\n`).join('');

function encoding(totalFrames: number): string[] {
  return [
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    '-r',
    String(MOVIE_FPS),
    // A key frame every two seconds, so players can seek.
    '-g',
    String(MOVIE_FPS * 2),
    '-frames:v',
    String(totalFrames),
    '-threads',
    '1',
    '-an',
    // The inputs' tags (capture time, GPS) stay out of a file made to be shared.
    '-map_metadata',
    '-1',
    '-map_chapters',
    '-1',
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
  ];
}

async function checkRendered(
  tools: MediaTools,
  file: string,
  seconds: number,
  signal?: AbortSignal,
): Promise<void> {
  const result = await probe(tools, file, { signal });
  const video = result.streams.find((s) => s.codec_type === 'video');
  const duration = Number(result.format?.duration);
  const problem = !video
    ? 'has no video stream'
    : video.codec_name !== 'h264' || video.width !== MOVIE_WIDTH || video.height !== MOVIE_HEIGHT
      ? `is ${video.codec_name} ${video.width}x${video.height}`
      : !(Math.abs(duration - seconds) <= DURATION_TOLERANCE_SECONDS)
        ? `lasts ${duration} s instead of ${seconds} s`
        : null;
  if (problem) throw new MediaToolError(`The rendered movie ${problem}`, 0, '');
}

/** Each clip's frames in its equal slot of `seconds`; throws when a movie cannot be made of them. */
function frameCountsOf(clips: readonly unknown[], seconds: number): number[] {
  if (!(seconds > 0) || !Number.isFinite(seconds)) {
    throw new RangeError('A movie needs a positive length');
  }
  const windows = sceneWindows(clips.length, seconds);
  const frameCounts = clips.map((_, i) => {
    const frames =
      Math.round(windows[i]!.end * MOVIE_FPS) - Math.round(windows[i]!.start * MOVIE_FPS);
    if (frames < 1) throw new RangeError(`${clips.length} files do not fit in ${seconds} s`);
    return frames;
  });
  if (clips.length === 0) throw new RangeError('A movie needs at least one file');
  return frameCounts;
}

/** Progress that never goes back (0 is always told, once at the start). */
function progressReporter(onProgress: ((fraction: number) => void) | undefined) {
  let reported = 0;
  return (fraction: number) => {
    const clamped = Math.min(1, Math.max(reported, fraction));
    if (clamped > reported || fraction === 0) {
      reported = clamped;
      onProgress?.(clamped);
    }
  };
}

/** How a run of the render goes: its signal (abort or deadline) and its turn in the queue. */
interface RunOptions {
  signal: AbortSignal;
  workKey: string | undefined;
}

/**
 * Renders the clips into two H.264 MP4 slideshows of exactly `seconds` (1280x720, 25 fps, no
 * sound), each clip in an equal slot: one with a gentle zoom on photos and fades through black,
 * one calm (no zoom, plain cuts). Photos are first scaled down one at a time (STILL), then
 * both variants come from one ffmpeg run; they are probed before they count, and appear under
 * their names only when whole; on failure, abort or RENDER_TIMEOUT_MS nothing is left behind.
 * Rejects with a MediaToolError (ffmpeg's own words at the end; a MediaToolLimitError past a
 * limit), a TimeoutError or the abort reason.
 */
export async function renderMovie(input: RenderInput): Promise<RenderedMovie> {
  const { tools, clips, seconds, outDir } = input;
  const frameCounts = frameCountsOf(clips, seconds);
  const totalFrames = Math.round(seconds * MOVIE_FPS);
  // The whole render, photos' preparation included, within its timeout.
  const deadline = AbortSignal.timeout(RENDER_TIMEOUT_MS);
  const signal = input.signal ? AbortSignal.any([input.signal, deadline]) : deadline;
  const run: RunOptions = { signal, workKey: input.workKey };

  await mkdir(outDir, { recursive: true });
  const videoPath = path.join(outDir, MOVIE_FILE);
  const calmVideoPath = path.join(outDir, CALM_MOVIE_FILE);
  const stamp = randomBytes(6).toString('hex');
  const partialVideo = path.join(outDir, `.${MOVIE_FILE}.${stamp}.partial`);
  const partialCalm = path.join(outDir, `.${CALM_MOVIE_FILE}.${stamp}.partial`);
  // Photos made small, and each clip's two parts before they are joined.
  const workDir = await mkdtemp(path.join(outDir, '.parts-'));
  const report = progressReporter(input.onProgress);

  let renamedMain = false;
  try {
    report(0);
    // One clip at a time, both variants, each its own small run: a clip's fades and zoom are its
    // own, so the clips are joined by copying, and no run holds more than one clip's pictures.
    const parts: ClipParts[] = [];
    let framesDone = 0;
    for (const [i, clip] of clips.entries()) {
      const frames = frameCounts[i]!;
      const done = framesDone;
      // Both outputs advance together; ffmpeg reports the further one.
      const onProgress = (outSeconds: number) =>
        report(
          ((done + Math.min(frames, outSeconds * MOVIE_FPS)) / totalFrames) * ENCODED_PROGRESS,
        );
      parts.push(await renderClip(tools, { clip, index: i, frames, workDir, onProgress }, run));
      framesDone += frames;
    }
    await joinClips(tools, parts, 'main', partialVideo, workDir, run);
    await joinClips(tools, parts, 'calm', partialCalm, workDir, run);
    await checkRendered(tools, partialVideo, seconds, signal);
    await checkRendered(tools, partialCalm, seconds, signal);
    signal.throwIfAborted();
    await rename(partialVideo, videoPath);
    renamedMain = true;
    await rename(partialCalm, calmVideoPath);
  } catch (error) {
    await Promise.all([
      rm(partialVideo, { force: true }),
      rm(partialCalm, { force: true }),
      // One variant without the other is no movie.
      ...(renamedMain ? [rm(videoPath, { force: true })] : []),
    ]);
    throw error;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
  report(1);
  return { videoPath, calmVideoPath, seconds: totalFrames / MOVIE_FPS };
}

/** One clip's two variants, rendered, before they are joined. */
interface ClipParts {
  main: string;
  calm: string;
}

/** One clip, both variants in one small run (a photo first made small on its own). */
async function renderClip(
  tools: MediaTools,
  job: {
    clip: RenderInput['clips'][number];
    index: number;
    frames: number;
    workDir: string;
    onProgress: (outSeconds: number) => void;
  },
  run: RunOptions,
): Promise<ClipParts> {
  const { clip, index: i, frames, workDir } = job;
  let clipPath = clip.path;
  if (clip.kind === 'image') {
    clipPath = path.join(workDir, `${i}.nut`);
    await writeUprightPhoto(tools, clip.path, clipPath, STILL, run);
  }
  const { inputs, graph } = planClip({ path: clipPath, kind: clip.kind, frames }, i);
  const part = {
    main: path.join(workDir, `${i}-main.mp4`),
    calm: path.join(workDir, `${i}-calm.mp4`),
  };
  await runFfmpeg(
    tools,
    [
      '-y',
      ...inputs,
      '-filter_complex',
      graph,
      '-map',
      '[m]',
      ...encoding(frames),
      part.main,
      '-map',
      '[c]',
      ...encoding(frames),
      part.calm,
    ],
    { ...run, limits: RENDER_LIMITS, onProgress: job.onProgress },
  );
  if (clip.kind === 'image') await rm(clipPath, { force: true });
  return part;
}

/** One variant's clips joined into `out` by copying (concat demuxer), without metadata. */
async function joinClips(
  tools: MediaTools,
  parts: readonly ClipParts[],
  variant: keyof ClipParts,
  out: string,
  workDir: string,
  run: RunOptions,
): Promise<void> {
  const list = path.join(workDir, `${variant}.txt`);
  await writeFile(list, concatList(parts.map((p) => p[variant])), 'utf8');
  await runFfmpeg(
    tools,
    [
      '-y',
      '-f',
      'concat',
      '-safe',
      '0',
      '-protocol_whitelist',
      'file',
      '-i',
      list,
      '-c',
      'copy',
      '-map_metadata',
      '-1',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      out,
    ],
    { ...run, limits: RENDER_LIMITS },
  );
}
