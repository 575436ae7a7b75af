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

/**
 * What each level means, as the State Department's page "Travel Advisory Levels" explains them
 * (https://travel.state.gov/content/travel/en/traveladvisories/traveladvisories.html).
 */
export const ADVISORY_LEVEL_DESCRIPTIONS: Record<AdvisoryLevel, string> = {
  1: 'the lowest level; there is some risk in any international travel, and conditions abroad may differ from those at home and change at any time',
  2: 'be aware of heightened risks to safety and security; the advisory names them',
  3: 'avoid travel because of serious risks to safety and security',
  4: 'the highest level, because of a greater likelihood of life-threatening risks; the U.S. government may have very limited ability to help in an emergency',
};
export const SERIOUS_ADVISORY_LEVEL = 3;

export function advisoryLevelLabel(level: number): string | undefined {
  return ADVISORY_LEVEL_LABELS[level as AdvisoryLevel];
}
