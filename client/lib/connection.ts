import { onlineManager } from '@tanstack/react-query';
import { HEALTH_PATH } from '../../contracts/offline';

/*
 * A device can say it is online and reach nothing: Wi-Fi without internet behind it, a captive
 * portal, a signal too weak to carry a request. navigator.onLine (and so TanStack Query's
 * onlineManager, which listens to the browser's online and offline events) stays true there, and
 * every read would fail with an error where the traveller's saved trip could show.
 *
 * So a request that gets no answer at all is checked at once with the server's health answer; when
 * that gets none either, the site is offline for TanStack Query too (reads wait and show what was
 * saved, changes are kept on the device, what needs a connection says so), and the health answer is
 * asked again, less and less often, until one comes. A single lost answer on a working connection
 * (the check answers) changes nothing.
 */

/** The first re-check after going offline, doubled after each failed one up to the longest. */
const FIRST_RECHECK_MS = 3_000;
const LONGEST_RECHECK_MS = 30_000;
/** A check that hangs (a very weak signal) counts as no answer. */
const CHECK_TIMEOUT_MS = 8_000;

/** fetch rejects with a TypeError when no answer came: no network, or it dropped. */
export const isNoAnswer = (error: unknown): boolean => error instanceof TypeError;

/** Whether the server answers now, with anything at all. */
async function serverAnswers(): Promise<boolean> {
  try {
    await fetch(HEALTH_PATH, { cache: 'no-store', signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
    return true;
  } catch {
    return false;
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let check: Promise<boolean> | undefined;
let rechecking = false;

/** Offline until the server answers again, or the browser says it is back online. */
async function recheckUntilAnswered(): Promise<void> {
  if (rechecking) return;
  rechecking = true;
  try {
    let delay = FIRST_RECHECK_MS;
    for (;;) {
      await wait(delay);
      // The browser's own "online" event may have ended it meanwhile.
      if (onlineManager.isOnline()) return;
      delay = Math.min(delay * 2, LONGEST_RECHECK_MS);
      // With the browser offline nothing answers: its "online" event ends the wait.
      if (navigator.onLine && (await serverAnswers())) {
        onlineManager.setOnline(true);
        return;
      }
    }
  } finally {
    rechecking = false;
  }
}

/**
 * Called by the one request helper (client/lib/api.ts) when a request got no answer. Resolves
 * once it is known whether the server still answers: by then, when it does not, the site is
 * offline, and a read retried after this waits for the connection instead of failing.
 */
export async function noteNoAnswer(): Promise<void> {
  if (!onlineManager.isOnline()) return;
  check ??= serverAnswers().finally(() => (check = undefined));
  if (!(await check) && onlineManager.isOnline()) {
    onlineManager.setOnline(false);
    void recheckUntilAnswered();
  }
}
