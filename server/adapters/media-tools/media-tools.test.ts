import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MOVIE_STYLES } from '../../../contracts/media.js';
import { startFakeModel } from '../../../tests/helpers/fake-model.js';
import { toWebVtt } from './captions.js';
import { orderByCaptureTime, placeName, readMetadata } from './metadata.js';
import { renderMovie } from './movie-render.js';
import {
  buildScript,
  createModelWriter,
  createTemplateWriter,
  sceneWindows,
  type MovieClipInfo,
} from './movie-script.js';
import { makeThumbnail } from './thumbnail.js';
import { locateMediaTools, MediaToolError, probe, runFfmpeg, type MediaTools } from './tools.js';

const run = promisify(execFile);

// ---------------------------------------------------------------------------------------------
// A tiny EXIF writer, so photos with a capture time, GPS and a rotation exist without a new
// dependency (ffmpeg writes no EXIF). Little-endian TIFF inside an APP1 segment.

type IfdEntry = { tag: number; type: number; count: number; data: Buffer };
const ASCII = 2;
const SHORT = 3;
const LONG = 4;
const RATIONAL = 5;

const ascii = (tag: number, text: string): IfdEntry => {
  const data = Buffer.from(`${text}\0`, 'latin1');
  return { tag, type: ASCII, count: data.length, data };
};
const short = (tag: number, value: number): IfdEntry => {
  const data = Buffer.alloc(2);
  data.writeUInt16LE(value);
  return { tag, type: SHORT, count: 1, data };
};
const long = (tag: number, value: number): IfdEntry => {
  const data = Buffer.alloc(4);
  data.writeUInt32LE(value);
  return { tag, type: LONG, count: 1, data };
};
/** Degrees as EXIF's three rationals: degrees, minutes, seconds (to the thousandth). */
const dms = (tag: number, degrees: number): IfdEntry => {
  const abs = Math.abs(degrees);
  const d = Math.floor(abs);
  const m = Math.floor((abs - d) * 60);
  const s = Math.round(((abs - d) * 60 - m) * 60 * 1000);
  const data = Buffer.alloc(24);
  [d, 1, m, 1, s, 1000].forEach((v, i) => data.writeUInt32LE(v, i * 4));
  return { tag, type: RATIONAL, count: 3, data };
};

/** One IFD at `offset` (from the TIFF header): entries sorted by tag, long values after it. */
function ifd(entries: IfdEntry[], offset: number): Buffer {
  const sorted = [...entries].sort((a, b) => a.tag - b.tag);
  const size = 2 + sorted.length * 12 + 4;
  const head = Buffer.alloc(size);
  const values: Buffer[] = [];
  let valueOffset = offset + size;
  head.writeUInt16LE(sorted.length, 0);
  sorted.forEach((e, i) => {
    const at = 2 + i * 12;
    head.writeUInt16LE(e.tag, at);
    head.writeUInt16LE(e.type, at + 2);
    head.writeUInt32LE(e.count, at + 4);
    if (e.data.length <= 4) e.data.copy(head, at + 8);
    else {
      head.writeUInt32LE(valueOffset, at + 8);
      const padded = e.data.length % 2 ? Buffer.concat([e.data, Buffer.alloc(1)]) : e.data;
      values.push(padded);
      valueOffset += padded.length;
    }
  });
  return Buffer.concat([head, ...values]);
}

interface ExifFacts {
  dateTimeOriginal?: string;
  latitude?: number;
  longitude?: number;
  orientation?: number;
}

function exifSegment(facts: ExifFacts): Buffer {
  const exifEntries = facts.dateTimeOriginal ? [ascii(0x9003, facts.dateTimeOriginal)] : [];
  const gpsEntries =
    facts.latitude !== undefined && facts.longitude !== undefined
      ? [
          ascii(0x0001, facts.latitude >= 0 ? 'N' : 'S'),
          dms(0x0002, facts.latitude),
          ascii(0x0003, facts.longitude >= 0 ? 'E' : 'W'),
          dms(0x0004, facts.longitude),
        ]
      : [];
  const ifd0Entries = (exifAt: number, gpsAt: number) => [
    ...(facts.orientation ? [short(0x0112, facts.orientation)] : []),
    ...(exifEntries.length ? [long(0x8769, exifAt)] : []),
    ...(gpsEntries.length ? [long(0x8825, gpsAt)] : []),
  ];
  const ifd0Size = ifd(ifd0Entries(0, 0), 8).length;
  const exifAt = 8 + ifd0Size;
  const exifIfd = exifEntries.length ? ifd(exifEntries, exifAt) : Buffer.alloc(0);
  const gpsAt = exifAt + exifIfd.length;
  const gpsIfd = gpsEntries.length ? ifd(gpsEntries, gpsAt) : Buffer.alloc(0);
  const header = Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00]);
  const tiff = Buffer.concat([header, ifd(ifd0Entries(exifAt, gpsAt), 8), exifIfd, gpsIfd]);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const marker = Buffer.from([0xff, 0xe1, 0, 0]);
  marker.writeUInt16BE(body.length + 2, 2);
  return Buffer.concat([marker, body]);
}

/** The JPEG with an EXIF segment right after its start-of-image marker. */
async function withExif(jpeg: string, out: string, facts: ExifFacts): Promise<string> {
  const bytes = await readFile(jpeg);
  await writeFile(
    out,
    Buffer.concat([bytes.subarray(0, 2), exifSegment(facts), bytes.subarray(2)]),
  );
  return out;
}

// ---------------------------------------------------------------------------------------------

let tools: MediaTools & { version: string };
let dir: string;
const file = (name: string) => path.join(dir, name);

async function ffmpeg(...args: string[]) {
  await run(tools.ffmpegPath, ['-hide_banner', '-v', 'error', '-y', ...args]);
}

beforeAll(async () => {
  const found = await locateMediaTools({});
  if (!found) throw new Error('ffmpeg and ffprobe should be found (the npm packages install them)');
  tools = found;
  dir = await mkdtemp(path.join(tmpdir(), 'movie-test-'));
  const still = (size: string, out: string) =>
    ffmpeg('-f', 'lavfi', '-i', `testsrc2=size=${size}`, '-frames:v', '1', file(out));
  await Promise.all([
    still('640x480', 'landscape.png'),
    still('640x480', 'landscape.jpg'),
    // Odd sides, portrait.
    still('481x853', 'portrait.jpg'),
    // Left half fully transparent.
    ffmpeg(
      '-f',
      'lavfi',
      '-i',
      "testsrc2=size=321x241,format=rgba,geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)':a='if(lt(X,160),0,255)'",
      '-frames:v',
      '1',
      file('alpha.png'),
    ),
    ffmpeg(
      '-f',
      'lavfi',
      '-i',
      'testsrc2=size=320x240:rate=25',
      '-t',
      '2',
      '-pix_fmt',
      'yuv420p',
      '-metadata',
      'creation_time=2025-12-02T09:30:00Z',
      '-metadata',
      'location=+64.1466-021.9426/',
      file('clip.mp4'),
    ),
    writeFile(file('garbage.jpg'), Buffer.from('this is not a picture at all')),
  ]);
  await withExif(file('landscape.jpg'), file('dated-paris.jpg'), {
    dateTimeOriginal: '2025:12:03 14:22:01',
    latitude: 48.8566,
    longitude: 2.3522,
  });
  await withExif(file('landscape.jpg'), file('dated-early.jpg'), {
    dateTimeOriginal: '2025:11:28 08:00:00',
  });
  await withExif(file('landscape.jpg'), file('rotated.jpg'), {
    dateTimeOriginal: '2025:12:04 18:45:00',
    latitude: 64.1466,
    longitude: -21.9426,
    orientation: 6,
  });
}, 60_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('media tools', () => {
  it('finds the system’s ffmpeg and ffprobe, else the npm packages’, also past a configured path that does not run', async () => {
    const onPath = (name: string) =>
      (process.env.PATH ?? '')
        .split(path.delimiter)
        .some((dir) => dir && existsSync(path.join(dir, name)));
    expect(tools.ffmpegPath).toEqual(
      onPath('ffmpeg') ? 'ffmpeg' : expect.stringContaining('@ffmpeg-installer'),
    );
    expect(tools.ffprobePath).toEqual(
      onPath('ffprobe') ? 'ffprobe' : expect.stringContaining('@ffprobe-installer'),
    );
    expect(tools.version).toMatch(/^ffmpeg version /);
    const past = await locateMediaTools({
      ffmpegPath: file('no-such-ffmpeg'),
      ffprobePath: file('garbage.jpg'),
    });
    expect(past).toEqual(tools);
    expect(await locateMediaTools(tools)).toMatchObject(tools);
  });

  it('reports ffmpeg’s own words when it fails, and when it cannot start', async () => {
    const failure = runFfmpeg(tools, ['-i', file('missing.png'), file('out.jpg')]);
    await expect(failure).rejects.toBeInstanceOf(MediaToolError);
    await expect(failure).rejects.toThrow(/missing\.png/);
    const broken = { ...tools, ffmpegPath: file('no-such-ffmpeg') };
    await expect(runFfmpeg(broken, ['-version'])).rejects.toThrow(/could not start/);
  });
});

describe('readMetadata', () => {
  it('reads a photo’s EXIF capture time, GPS and size', async () => {
    const meta = await readMetadata(tools, file('dated-paris.jpg'), 'image');
    expect(meta.capturedAt?.toISOString()).toBe('2025-12-03T14:22:01.000Z');
    expect(meta.latitude).toBeCloseTo(48.8566, 3);
    expect(meta.longitude).toBeCloseTo(2.3522, 3);
    expect([meta.width, meta.height]).toEqual([640, 480]);
    expect(meta.durationSeconds).toBeNull();
  });

  it('turns the size of a photo stored on its side, and reads west as negative', async () => {
    const meta = await readMetadata(tools, file('rotated.jpg'), 'image');
    expect([meta.width, meta.height]).toEqual([480, 640]);
    expect(meta.longitude).toBeCloseTo(-21.9426, 3);
    // Without ffprobe the date still comes from EXIF.
    const bare = await readMetadata(null, file('rotated.jpg'), 'image');
    expect(bare.capturedAt?.toISOString()).toBe('2025-12-04T18:45:00.000Z');
  });

  it('reads a video’s creation time, place, size and duration', async () => {
    const meta = await readMetadata(tools, file('clip.mp4'), 'video');
    expect(meta.capturedAt?.toISOString()).toBe('2025-12-02T09:30:00.000Z');
    expect(meta.latitude).toBeCloseTo(64.1466, 4);
    expect(meta.longitude).toBeCloseTo(-21.9426, 4);
    expect([meta.width, meta.height]).toEqual([320, 240]);
    expect(meta.durationSeconds).toBeCloseTo(2, 1);
  });

  it('gives nulls, never an error, for files without metadata or that are not media', async () => {
    const png = await readMetadata(tools, file('landscape.png'), 'image');
    expect(png).toMatchObject({ capturedAt: null, latitude: null, width: 640, height: 480 });
    const empty = {
      capturedAt: null,
      latitude: null,
      longitude: null,
      width: null,
      height: null,
      durationSeconds: null,
    };
    expect(await readMetadata(tools, file('garbage.jpg'), 'image')).toEqual(empty);
    expect(await readMetadata(tools, file('garbage.jpg'), 'video')).toEqual(empty);
    expect(await readMetadata(tools, file('does-not-exist.mp4'), 'video')).toEqual(empty);
    expect(await readMetadata(null, file('clip.mp4'), 'video')).toEqual(empty);
  });

  it('orders files by capture time, undated ones last in their given order', async () => {
    const names = [
      'rotated.jpg',
      'landscape.png',
      'dated-paris.jpg',
      'alpha.png',
      'dated-early.jpg',
    ];
    const files = await Promise.all(
      names.map(async (name) => ({
        name,
        meta: await readMetadata(tools, file(name), 'image'),
      })),
    );
    const ordered = orderByCaptureTime(files, (f) => f.meta.capturedAt).map((f) => f.name);
    expect(ordered).toEqual([
      'dated-early.jpg',
      'dated-paris.jpg',
      'rotated.jpg',
      'landscape.png',
      'alpha.png',
    ]);
  });

  it('names a place by its coordinates', () => {
    expect(placeName(48.8566, 2.3522)).toBe('48.86° N, 2.35° E');
    expect(placeName(-33.8568, 151.2153)).toBe('33.86° S, 151.22° E');
    expect(placeName(64.1466, -21.9426)).toBe('64.15° N, 21.94° W');
    expect(placeName(91, 0)).toBeNull();
    expect(placeName(Number.NaN, 0)).toBeNull();
  });
});

describe('makeThumbnail', () => {
  const size = async (jpeg: string) => {
    const bytes = await readFile(jpeg);
    expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    const { streams } = await probe(tools, jpeg);
    return [streams[0]?.width, streams[0]?.height];
  };

  it('makes JPEGs at most 400 px wide with the aspect kept, photos upright', async () => {
    await makeThumbnail(tools, file('landscape.png'), 'image', file('t-landscape.jpg'));
    expect(await size(file('t-landscape.jpg'))).toEqual([400, 300]);
    await makeThumbnail(tools, file('portrait.jpg'), 'image', file('t-portrait.jpg'));
    const [w, h] = await size(file('t-portrait.jpg'));
    expect(w).toBe(400);
    expect(h! / w!).toBeCloseTo(853 / 481, 1);
    // Stored landscape, shown portrait: EXIF orientation 6.
    await makeThumbnail(tools, file('rotated.jpg'), 'image', file('t-rotated.jpg'));
    expect(await size(file('t-rotated.jpg'))).toEqual([400, 533]);
    // Never enlarged.
    await makeThumbnail(tools, file('alpha.png'), 'image', file('t-alpha.jpg'));
    expect(await size(file('t-alpha.jpg'))).toEqual([321, 241]);
  });

  it('takes a video’s poster frame', async () => {
    await makeThumbnail(tools, file('clip.mp4'), 'video', file('t-clip.jpg'));
    expect(await size(file('t-clip.jpg'))).toEqual([320, 240]);
  });

  it('fails, leaving nothing, for a file that is not media', async () => {
    await expect(
      makeThumbnail(tools, file('garbage.jpg'), 'image', file('t-garbage.jpg')),
    ).rejects.toBeInstanceOf(MediaToolError);
    expect((await readdir(dir)).filter((n) => n.startsWith('t-garbage'))).toEqual([]);
  });
});

describe('toWebVtt', () => {
  it('writes numbered cues with HH:MM:SS.mmm times, escaped text and no empty cues', () => {
    const vtt = toWebVtt([
      { start: 0, end: 10, text: 'Paris & the <Seine>' },
      { start: 10, end: 20, text: '   ' },
      { start: 20, end: 3725.5, text: 'Line one\n\nLine two --> on' },
      { start: 30, end: 30, text: 'no time' },
    ]);
    expect(vtt).toBe(
      [
        'WEBVTT',
        '',
        '1',
        '00:00:00.000 --> 00:00:10.000',
        'Paris &amp; the &lt;Seine&gt;',
        '',
        '2',
        '00:00:20.000 --> 01:02:05.500',
        'Line one',
        'Line two --&gt; on',
        '',
      ].join('\n'),
    );
    expect(toWebVtt([])).toBe('WEBVTT\n');
  });
});

const clips: MovieClipInfo[] = [
  {
    fileName: 'eiffel-tower_at-dusk.jpg',
    kind: 'image',
    description: '',
    capturedAt: new Date('2025-12-03T14:22:01Z'),
    place: 'Paris',
  },
  {
    fileName: 'IMG_2041.jpeg',
    kind: 'image',
    description: 'Step-free boat ramp on the Seine.',
    capturedAt: new Date('2025-12-04T09:00:00Z'),
    place: 'Paris',
  },
  {
    fileName: 'clip.mp4',
    kind: 'video',
    description: 'Tram to the old town',
    capturedAt: new Date('2025-12-05T17:10:00Z'),
    place: 'Lyon',
  },
];

describe('movie words', () => {
  it('splits the movie into equal slots on frame boundaries', () => {
    expect(sceneWindows(3, 30)).toEqual([
      { start: 0, end: 10 },
      { start: 10, end: 20 },
      { start: 20, end: 30 },
    ]);
    const seven = sceneWindows(7, 30);
    expect(seven[6]!.end).toBe(30);
    for (const w of seven) expect(Math.abs(w.end - w.start - 30 / 7)).toBeLessThanOrEqual(0.04);
    expect(buildScript(['A', 'B'], 75)).toBe('Scene 1 (0:00-0:38): A\nScene 2 (0:38-1:15): B');
  });

  it('writes different words in each style, from what the files say', async () => {
    const writer = createTemplateWriter();
    const all = await Promise.all(
      MOVIE_STYLES.map((style) => writer.write({ clips, style, seconds: 30 })),
    );
    expect(new Set(all.map((w) => w.title)).size).toBe(MOVIE_STYLES.length);
    expect(new Set(all.map((w) => w.description)).size).toBe(MOVIE_STYLES.length);
    expect(new Set(all.map((w) => w.scenes.join('|'))).size).toBe(MOVIE_STYLES.length);
    for (const words of all) {
      expect(words.writtenBy).toBe('template');
      expect(words.title).toMatch(/Paris/);
      expect(words.description).toMatch(/2 photos and 1 video/);
      expect(words.description).toMatch(/3 to 5 December 2025/);
      expect(words.description).toMatch(/Paris and Lyon/);
      expect(words.scenes).toHaveLength(3);
      expect(words.scenes[0]).toMatch(/eiffel tower at dusk/);
      expect(words.scenes[1]).toMatch(/Step-free boat ramp on the Seine/);
      expect(words.scenes[2]).toMatch(/Tram to the old town/);
      for (const scene of words.scenes) expect(scene.length).toBeLessThanOrEqual(120);
      expect(words.script.split('\n')).toEqual([
        `Scene 1 (0:00-0:10): ${words.scenes[0]}`,
        `Scene 2 (0:10-0:20): ${words.scenes[1]}`,
        `Scene 3 (0:20-0:30): ${words.scenes[2]}`,
      ]);
    }
    const documentary = all[MOVIE_STYLES.indexOf('documentary')]!;
    expect(documentary.scenes[0]).toBe('3 December 2025, Paris: eiffel tower at dusk');
    // The same input, the same words.
    expect(await writer.write({ clips, style: 'cinematic', seconds: 30 })).toEqual(all[0]);
  });

  it('claims no place or date the files do not carry, and keeps captions short', async () => {
    const bare: MovieClipInfo[] = [
      {
        fileName: 'beach_day.png',
        kind: 'image',
        description: 'x'.repeat(300),
        capturedAt: null,
        place: null,
      },
      { fileName: 'PXL-0001.mp4', kind: 'video', description: '', capturedAt: null, place: null },
    ];
    for (const style of MOVIE_STYLES) {
      const words = await createTemplateWriter().write({ clips: bare, style, seconds: 30 });
      expect(words.description).not.toMatch(/taken|\bin [A-Z]|\d{4}/);
      expect(words.scenes[1]).toMatch(/PXL 0001/);
      expect(words.scenes[0]!.length).toBeLessThanOrEqual(120);
      expect(words.title.length).toBeGreaterThan(0);
    }
  });

  describe('with a model', () => {
    let fake: Awaited<ReturnType<typeof startFakeModel>>;
    beforeAll(async () => {
      fake = await startFakeModel();
    });
    afterAll(async () => {
      await fake?.close();
    });

    const writerWith = (warnings: object[]) =>
      createModelWriter(
        {
          baseUrl: fake.baseUrl,
          apiKey: 'sk-test-secret',
          model: 'travel-writer',
          timeoutMs: 5000,
        },
        createTemplateWriter(),
        { warn: (details) => warnings.push(details) },
      );

    it('uses the model’s JSON when it answers', async () => {
      const warnings: object[] = [];
      fake.play({
        text:
          '```json\n' +
          JSON.stringify({
            title: 'Two Days Along the Seine',
            description: 'Paris and Lyon in early December.',
            scenes: ['The tower at dusk', 'A ramp down to the river', 'The tram to the old town'],
          }) +
          '\n```',
      });
      const words = await writerWith(warnings).write({ clips, style: 'relaxed', seconds: 30 });
      expect(words).toMatchObject({
        writtenBy: 'model',
        title: 'Two Days Along the Seine',
        scenes: ['The tower at dusk', 'A ramp down to the river', 'The tram to the old town'],
      });
      expect(words.script).toMatch(/^Scene 1 \(0:00-0:10\): The tower at dusk$/m);
      expect(warnings).toEqual([]);
      const prompt = JSON.stringify(fake.requests[0]?.body.messages);
      expect(prompt).toMatch(/relaxed/);
      expect(prompt).toMatch(/Step-free boat ramp on the Seine/);
      expect(prompt).toMatch(/Lyon/);
    });

    it('falls back to the template when the model fails or answers off-script', async () => {
      for (const step of [
        { status: 500 },
        { text: 'Sorry, I cannot help with that.' },
        { text: JSON.stringify({ title: 'T', description: 'D', scenes: ['only one'] }) },
      ]) {
        const warnings: object[] = [];
        fake.play(step);
        const words = await writerWith(warnings).write({ clips, style: 'energetic', seconds: 30 });
        expect(words.writtenBy).toBe('template');
        expect(words.scenes).toHaveLength(3);
        expect(warnings).toHaveLength(1);
        expect(JSON.stringify(warnings)).not.toContain('sk-test-secret');
      }
    });
  });
});

describe('renderMovie', () => {
  const probed = async (mp4: string) => {
    const result = await probe(tools, mp4);
    const video = result.streams.find((s) => s.codec_type === 'video');
    return {
      codec: video?.codec_name,
      size: `${video?.width}x${video?.height}`,
      pixels: video?.pix_fmt,
      duration: Number(result.format?.duration),
    };
  };

  it('renders a zooming and a calm 30 s movie of three photos', async () => {
    const outDir = file('movie-a');
    const progress: number[] = [];
    const movie = await renderMovie({
      tools,
      clips: [
        { path: file('landscape.png'), kind: 'image' },
        { path: file('portrait.jpg'), kind: 'image' },
        { path: file('alpha.png'), kind: 'image' },
      ],
      seconds: 30,
      outDir,
      onProgress: (p) => progress.push(p),
    });
    expect(movie).toEqual({
      videoPath: path.join(outDir, 'movie.mp4'),
      calmVideoPath: path.join(outDir, 'movie-calm.mp4'),
      seconds: 30,
    });
    for (const mp4 of [movie.videoPath, movie.calmVideoPath]) {
      const info = await probed(mp4);
      expect(info).toMatchObject({ codec: 'h264', size: '1280x720', pixels: 'yuv420p' });
      expect(Math.abs(info.duration - 30)).toBeLessThanOrEqual(0.3);
    }
    expect(progress.length).toBeGreaterThan(2);
    expect(progress.at(-1)).toBe(1);
    for (let i = 1; i < progress.length; i++) {
      expect(progress[i]).toBeGreaterThanOrEqual(progress[i - 1]!);
    }
    expect((await readdir(outDir)).sort()).toEqual(['movie-calm.mp4', 'movie.mp4']);
  }, 90_000);

  it('trims or holds videos to their slot beside a rotated photo', async () => {
    const movie = await renderMovie({
      tools,
      clips: [
        { path: file('clip.mp4'), kind: 'video' },
        { path: file('rotated.jpg'), kind: 'image' },
        { path: file('clip.mp4'), kind: 'video' },
      ],
      seconds: 7,
      outDir: file('movie-b'),
    });
    for (const mp4 of [movie.videoPath, movie.calmVideoPath]) {
      const info = await probed(mp4);
      expect(info).toMatchObject({ codec: 'h264', size: '1280x720' });
      expect(Math.abs(info.duration - 7)).toBeLessThanOrEqual(0.3);
    }
  }, 60_000);

  it('leaves nothing behind when aborted or when ffmpeg fails', async () => {
    const outDir = file('movie-c');
    const controller = new AbortController();
    const rendering = renderMovie({
      tools,
      clips: [
        { path: file('landscape.jpg'), kind: 'image' },
        { path: file('portrait.jpg'), kind: 'image' },
      ],
      seconds: 150,
      outDir,
      signal: controller.signal,
      onProgress: (p) => {
        if (p > 0.01) controller.abort(new Error('visitor cancelled'));
      },
    });
    await expect(rendering).rejects.toThrow('visitor cancelled');
    expect(await readdir(outDir)).toEqual([]);

    const failing = renderMovie({
      tools,
      clips: [{ path: file('garbage.jpg'), kind: 'image' }],
      seconds: 5,
      outDir,
    });
    await expect(failing).rejects.toBeInstanceOf(MediaToolError);
    expect(await readdir(outDir)).toEqual([]);
  }, 60_000);
});
