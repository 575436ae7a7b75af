import { onlineManager } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEALTH_PATH } from '../../contracts/offline';
import { isNoAnswer, noteNoAnswer } from './connection';

const answered = () => Promise.resolve(new Response('{"status":"ok"}'));
const noAnswer = () => Promise.reject(new TypeError('Failed to fetch'));

describe('noteNoAnswer', () => {
  const fetch = vi.fn<typeof globalThis.fetch>();
  const browser = { onLine: true };

  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', fetch);
    vi.stubGlobal('navigator', browser);
    browser.onLine = true;
    onlineManager.setOnline(true);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    fetch.mockReset();
    onlineManager.setOnline(true);
  });

  it('leaves the site online when the server still answers (one lost answer)', async () => {
    fetch.mockImplementation(answered);
    await noteNoAnswer();
    expect(onlineManager.isOnline()).toBe(true);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]?.[0]).toBe(HEALTH_PATH);
  });

  it('takes the site offline when nothing answers, and back online once the server answers', async () => {
    fetch.mockImplementation(noAnswer);
    // Several reads failing at once ask the server once.
    await Promise.all([noteNoAnswer(), noteNoAnswer(), noteNoAnswer()]);
    expect(onlineManager.isOnline()).toBe(false);
    expect(fetch).toHaveBeenCalledTimes(1);

    // Asked again later, less and less often, while nothing answers.
    await vi.advanceTimersByTimeAsync(3_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(onlineManager.isOnline()).toBe(false);

    fetch.mockImplementation(answered);
    await vi.advanceTimersByTimeAsync(12_000);
    expect(onlineManager.isOnline()).toBe(true);
    const calls = fetch.mock.calls.length;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(calls);
  });

  it('does not ask while the browser itself is offline; its return ends the wait', async () => {
    fetch.mockImplementation(noAnswer);
    await noteNoAnswer();
    expect(onlineManager.isOnline()).toBe(false);
    browser.onLine = false;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(1);

    // The browser's "online" event, as onlineManager hears it.
    browser.onLine = true;
    onlineManager.setOnline(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('asks nothing when the site already knows it is offline', async () => {
    onlineManager.setOnline(false);
    await noteNoAnswer();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('counts only a request that got no answer', () => {
    expect(isNoAnswer(new TypeError('Failed to fetch'))).toBe(true);
    expect(isNoAnswer(new DOMException('The operation was aborted.', 'AbortError'))).toBe(false);
    expect(isNoAnswer(new Error('500: Internal Server Error'))).toBe(false);
  });
});
