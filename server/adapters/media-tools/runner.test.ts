import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createMediaWorkQueue,
  MediaQueueBusy,
  MediaToolLimitError,
  type ToolLimits,
} from './runner.js';
import { locateMediaTools, runFfmpeg, type MediaTools } from './tools.js';

const MiB = 1024 * 1024;

describe('the media work queue', () => {
  it('admits runs while their memory fits, and takes waiting runs in turn by key', async () => {
    const queue = createMediaWorkQueue(100);
    const order: string[] = [];
    const take = async (key: string, bytes: number, name: string) => {
      const release = await queue.acquire(bytes, key);
      order.push(name);
      return release;
    };
    const first = await take('a', 60, 'a1');
    // One address sends three, another one: the other's comes second, not fourth.
    const waiting = [take('a', 60, 'a2'), take('a', 60, 'a3'), take('b', 60, 'b1')];
    const small = await take('c', 40, 'c1'); // fits beside the first
    expect(order).toEqual(['a1', 'c1']);
    small();
    first();
    const next = await waiting[2]!;
    expect(order).toEqual(['a1', 'c1', 'b1']);
    next();
    (await waiting[0]!)();
    (await waiting[1]!)();
    expect(order).toEqual(['a1', 'c1', 'b1', 'a2', 'a3']);
    expect(queue.state()).toEqual({ running: 0, usedBytes: 0, waiting: 0 });
  });

  it('runs a run larger than the budget alone, and tells a run that waited too long the site is busy', async () => {
    const queue = createMediaWorkQueue(100);
    const huge = await queue.acquire(500, 'a');
    await expect(queue.acquire(1, 'b', { maxWaitMs: 50 })).rejects.toBeInstanceOf(MediaQueueBusy);
    huge();
    expect(queue.state()).toEqual({ running: 0, usedBytes: 0, waiting: 0 });
  });
});

describe('bounded ffmpeg runs', () => {
  let tools: MediaTools;
  let dir: string;
  beforeAll(async () => {
    const found = await locateMediaTools({});
    if (!found) throw new Error('ffmpeg should be found');
    tools = found;
    dir = await mkdtemp(path.join(tmpdir(), 'runner-test-'));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it.runIf(process.platform === 'linux')('finds prlimit here', () => {
    expect(tools.prlimitPath).toMatch(/prlimit$/);
  });

  it('stops a run at its time limit', async () => {
    const limits: ToolLimits = { timeoutMs: 500, cpuSeconds: 5, memoryBytes: 256 * MiB };
    const started = performance.now();
    const endless = runFfmpeg(
      tools,
      ['-re', '-f', 'lavfi', '-i', 'color=s=64x64:r=5', '-f', 'null', '-'],
      { limits },
    );
    await expect(endless).rejects.toMatchObject({ name: 'MediaToolLimitError', limit: 'time' });
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it.runIf(process.platform === 'linux')(
    'stops a run at its CPU limit and its memory limit',
    async () => {
      const busy = runFfmpeg(
        tools,
        ['-f', 'lavfi', '-i', 'mandelbrot=s=1280x720', '-f', 'null', '-'],
        { limits: { timeoutMs: 20_000, cpuSeconds: 1, memoryBytes: 256 * MiB } },
      );
      await expect(busy).rejects.toMatchObject({ name: 'MediaToolLimitError', limit: 'cpu' });

      const big = path.join(dir, 'big.png');
      await promisify(execFile)(tools.ffmpegPath, [
        '-v',
        'error',
        '-f',
        'lavfi',
        '-i',
        'color=s=6000x6000,format=rgba',
        '-frames:v',
        '1',
        big,
      ]);
      const decode = runFfmpeg(tools, ['-i', big, '-f', 'null', '-'], {
        limits: { timeoutMs: 20_000, cpuSeconds: 20, memoryBytes: 96 * MiB },
      });
      await expect(decode).rejects.toBeInstanceOf(MediaToolLimitError);
      await expect(decode).rejects.toMatchObject({ limit: 'memory' });
    },
    60_000,
  );
});
