/**
 * A text column read back as one of the contract's values: the database stores plain text, so a
 * value no release knows (an old row, a hand edit) becomes `fallback` instead of leaking a type the
 * client cannot show. Repositories of several features map their rows with it.
 */
export const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;
