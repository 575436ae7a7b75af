import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface MediaFixtures {
  png: Buffer;
  jpeg: Buffer;
  /** A second photo, portrait. */
  portrait: Buffer;
  /** Two seconds of H.264 video. */
  mp4: Buffer;
  ffprobe: string;
  dir: string;
  close(): Promise<void>;
}

/** Small real PNG, JPEG and MP4 files, made by the ffmpeg shipped in the npm package. */
export async function makeMediaFixtures(): Promise<MediaFixtures> {
  const ffmpeg = ((await import('@ffmpeg-installer/ffmpeg')) as { path: string }).path;
  const ffprobe = ((await import('@ffprobe-installer/ffprobe')) as { path: string }).path;
  const dir = await mkdtemp(path.join(tmpdir(), 'aj-media-'));
  const make = (args: string[]) =>
    run(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args]);
  const file = (name: string) => path.join(dir, name);
  await make(['-f', 'lavfi', '-i', 'testsrc2=size=320x240', '-frames:v', '1', file('a.png')]);
  await make(['-f', 'lavfi', '-i', 'smptebars=size=320x240', '-frames:v', '1', file('b.jpg')]);
  await make(['-f', 'lavfi', '-i', 'mandelbrot=size=240x320', '-frames:v', '1', file('c.jpg')]);
  await make([
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=320x240:rate=25',
    '-t',
    '2',
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+faststart',
    file('d.mp4'),
  ]);
  return {
    png: await readFile(file('a.png')),
    jpeg: await readFile(file('b.jpg')),
    portrait: await readFile(file('c.jpg')),
    mp4: await readFile(file('d.mp4')),
    ffprobe,
    dir,
    close: () => rm(dir, { recursive: true, force: true }),
  };
}

/** ffprobe's view of a file: its duration and video codec. */
export async function probeFile(ffprobe: string, file: string) {
  const { stdout } = await run(ffprobe, [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    file,
  ]);
  const parsed = JSON.parse(stdout) as {
    format: { duration: string; format_name: string };
    streams: { codec_type: string; codec_name: string; width?: number; height?: number }[];
  };
  const video = parsed.streams.find((s) => s.codec_type === 'video');
  return {
    seconds: Number(parsed.format.duration),
    formatName: parsed.format.format_name,
    codec: video?.codec_name,
    width: video?.width,
    height: video?.height,
  };
}
