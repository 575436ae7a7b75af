/*
 * The name a visitor may give when a share link is e-mailed (a gallery's or a trip's), so the mail
 * says who sent it. Without zod, for the gallery's share form at first render (docs/decisions/013);
 * the schema is in sender.ts, which re-exports all of this.
 */

/** Long enough for any given and family name together; short enough for a subject line. */
export const SENDER_NAME_MAX = 80;

/**
 * What a name may not hold: control characters (a line break would start a new mail header or
 * split the subject), line and paragraph separators, and the bidirectional overrides that could
 * make the words around the name read backwards.
 */
export const SENDER_NAME_FORBIDDEN = /[\p{Cc}\p{Zl}\p{Zp}\u202A-\u202E\u2066-\u2069]/u;

export const SENDER_NAME_MESSAGES = {
  notText: 'Your name must be text',
  tooLong: `Your name must be at most ${SENDER_NAME_MAX} characters`,
  forbidden: 'Your name must be on one line, without special characters',
} as const;

/** The form's check of a typed name (before trimming), with the schema's words; undefined if fine. */
export function senderNameProblem(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed.length > SENDER_NAME_MAX) return SENDER_NAME_MESSAGES.tooLong;
  if (SENDER_NAME_FORBIDDEN.test(trimmed)) return SENDER_NAME_MESSAGES.forbidden;
  return undefined;
}
