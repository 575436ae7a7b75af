export interface CaptionCue {
  /** Seconds from the start of the movie. */
  start: number;
  end: number;
  text: string;
}

/** "HH:MM:SS.mmm", the form WebVTT always accepts (hours are optional there, never wrong). */
function timestamp(seconds: number): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor(ms / 60_000) % 60;
  const secs = Math.floor(ms / 1000) % 60;
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(hours)}:${pad(minutes)}:${pad(secs)}.${pad(ms % 1000, 3)}`;
}

/**
 * Cue text as WebVTT wants it: `&`, `<` and `>` escaped (which also rules out a stray "-->"), and
 * no blank line inside, since a blank line ends a cue.
 */
function cueText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line.length > 0)
    .join('\n')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/**
 * A WebVTT file of the cues, numbered in order. Cues with no text, or that end before they start,
 * are left out.
 */
export function toWebVtt(cues: CaptionCue[]): string {
  const blocks = cues
    .map((cue) => ({ ...cue, text: cueText(cue.text) }))
    .filter(
      (cue) =>
        cue.text.length > 0 &&
        Number.isFinite(cue.start) &&
        Number.isFinite(cue.end) &&
        Math.round(cue.end * 1000) > Math.round(Math.max(0, cue.start) * 1000),
    )
    .map((cue, i) => `${i + 1}\n${timestamp(cue.start)} --> ${timestamp(cue.end)}\n${cue.text}`);
  return ['WEBVTT', ...blocks].join('\n\n') + '\n';
}
