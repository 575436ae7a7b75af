// The levels carry no zod, so client code that only needs the words does not pull in the
// validation library.

/** US State Department advisory levels (spec §9). Level 3 or higher counts as serious. */
export const ADVISORY_LEVEL_LABELS = {
  1: 'Exercise Normal Precautions',
  2: 'Exercise Increased Caution',
  3: 'Reconsider Travel',
  4: 'Do Not Travel',
} as const;
export type AdvisoryLevel = keyof typeof ADVISORY_LEVEL_LABELS;
export const SERIOUS_ADVISORY_LEVEL = 3;

export function advisoryLevelLabel(level: number): string | undefined {
  return ADVISORY_LEVEL_LABELS[level as AdvisoryLevel];
}
