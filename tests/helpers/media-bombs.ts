import { readdir, readFile } from 'node:fs/promises';
import { createDeflate } from 'node:zlib';

// Files that are cheap to send and costly to read (issue 25), made here byte by byte, and the
// memory of a process tree as /proc tells it.

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A valid PNG of `width` x `height` black pixels (8-bit RGB, or RGBA with `alpha`): its rows are
 * zeros, which deflate to almost nothing, so 16000 x 16000 pixels fit in under a megabyte.
 */
export async function pngOfZeros(width: number, height: number, alpha = false): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = alpha ? 6 : 2; // RGBA or RGB
  const row = Buffer.alloc(1 + width * (alpha ? 4 : 3)); // filter byte 0, then the pixels
  const deflate = createDeflate({ level: 9 });
  const compressed: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => compressed.push(chunk));
  const done = new Promise((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  const rowsPerWrite = Math.max(1, Math.floor((4 * 1024 * 1024) / row.length));
  const block = Buffer.alloc(row.length * rowsPerWrite);
  for (let y = 0; y < height; y += rowsPerWrite) {
    const rows = Math.min(rowsPerWrite, height - y);
    if (!deflate.write(block.subarray(0, rows * row.length))) {
      await new Promise((resolve) => deflate.once('drain', resolve));
    }
  }
  deflate.end();
  await done;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.concat(compressed)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Matroska (EBML): an element is its ID, its size as a variable-length integer, then its data.

/** A size as EBML writes it: the length marker, then the value, in as few bytes as it fits. */
function vintSize(size: number): Buffer {
  for (let length = 1; length <= 8; length++) {
    // All ones is reserved (unknown size), hence the - 1.
    if (BigInt(size) < (1n << BigInt(7 * length)) - 1n) {
      const out = Buffer.alloc(8);
      out.writeBigUInt64BE(BigInt(size) | (1n << BigInt(7 * length)));
      return out.subarray(8 - length);
    }
  }
  throw new RangeError('too large for EBML');
}
function element(id: number, data: Buffer | Buffer[]): Buffer {
  const body = Array.isArray(data) ? Buffer.concat(data) : data;
  const idBytes = Buffer.from(
    id.toString(16).padStart(id > 0xffffff ? 8 : id > 0xffff ? 6 : id > 0xff ? 4 : 2, '0'),
    'hex',
  );
  return Buffer.concat([idBytes, vintSize(body.length), body]);
}
const uint = (id: number, value: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(value);
  return element(id, b);
};
const text = (id: number, value: string) => element(id, Buffer.from(value, 'utf8'));

/**
 * A Matroska video of one MJPEG frame (`jpeg`, `width` x `height`) carrying `tags` global tags:
 * ffmpeg's demuxer adds each to a dictionary it searches whole on every insert, so 60,000 of them
 * cost ffprobe about 13 s of CPU, in 1.5 MB.
 */
export function matroskaWithTags(
  jpeg: Buffer,
  width: number,
  height: number,
  tags: number,
): Buffer {
  const ebml = element(0x1a45dfa3, [
    uint(0x4286, 1),
    uint(0x42f7, 1),
    uint(0x42f2, 4),
    uint(0x42f3, 8),
    text(0x4282, 'matroska'),
    uint(0x4287, 4),
    uint(0x4285, 2),
  ]);
  const duration = Buffer.alloc(8);
  duration.writeDoubleBE(1000);
  const info = element(0x1549a966, [
    uint(0x2ad7b1, 1_000_000),
    text(0x4d80, 'test'),
    text(0x5741, 'test'),
    element(0x4489, duration),
  ]);
  const tracks = element(0x1654ae6b, [
    element(0xae, [
      uint(0xd7, 1),
      uint(0x73c5, 1),
      uint(0x83, 1),
      text(0x86, 'V_MJPEG'),
      element(0xe0, [uint(0xb0, width), uint(0xba, height)]),
    ]),
  ]);
  const simpleTags = Array.from({ length: tags }, (_, i) =>
    element(0x67c8, [text(0x45a3, `TAG${i}`), text(0x4487, `value ${i}`)]),
  );
  const tagsElement = element(0x1254c367, [element(0x7373, [element(0x63c0, []), ...simpleTags])]);
  const block = Buffer.concat([Buffer.from([0x81, 0x00, 0x00, 0x80]), jpeg]);
  const cluster = element(0x1f43b675, [uint(0xe7, 0), element(0xa3, block)]);
  return Buffer.concat([ebml, element(0x18538067, [info, tracks, tagsElement, cluster])]);
}

// ---------------------------------------------------------------------------------------------
// Memory, from /proc.

async function statusKb(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Number(match[1]) : 0;
  } catch {
    return 0; // exited meanwhile
  }
}

/** `pid` and every process below it (children of each of its threads, recursively). */
export async function processTree(pid: number): Promise<number[]> {
  const found = [pid];
  for (let i = 0; i < found.length; i++) {
    const tasks = await readdir(`/proc/${found[i]}/task`).catch(() => [] as string[]);
    for (const task of tasks) {
      const children = await readFile(`/proc/${found[i]}/task/${task}/children`, 'utf8').catch(
        () => '',
      );
      for (const child of children.split(' ').filter(Boolean)) found.push(Number(child));
    }
  }
  return found;
}

export interface TreeMemory {
  /** Resident memory of the whole tree, in bytes: the largest sum seen. */
  peakBytes: number;
  /** The largest resident peak (VmHWM) seen of any one child, in bytes. */
  peakChildBytes: number;
  /** Children seen. */
  children: number;
  samples: number;
}

/**
 * Samples the resident memory (VmRSS) of `pid` and its descendants every `intervalMs` until
 * stopped. Shared pages (the libraries of several ffmpeg runs) count once per process, so the sum
 * is an upper bound.
 */
export function sampleTreeMemory(pid: number, intervalMs = 20) {
  const result: TreeMemory = { peakBytes: 0, peakChildBytes: 0, children: 0, samples: 0 };
  const seen = new Set<number>();
  let running = true;
  const loop = (async () => {
    while (running) {
      const pids = await processTree(pid);
      let total = 0;
      for (const p of pids) {
        total += (await statusKb(p, 'VmRSS')) * 1024;
        if (p !== pid) {
          seen.add(p);
          result.peakChildBytes = Math.max(
            result.peakChildBytes,
            (await statusKb(p, 'VmHWM')) * 1024,
          );
        }
      }
      result.peakBytes = Math.max(result.peakBytes, total);
      result.samples += 1;
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  })();
  return {
    /** Goes on sampling a moment more (work a request started may still be running), then stops. */
    async stop(settleMs = 500): Promise<TreeMemory> {
      await new Promise((resolve) => setTimeout(resolve, settleMs));
      running = false;
      await loop;
      return { ...result, children: seen.size };
    },
  };
}
