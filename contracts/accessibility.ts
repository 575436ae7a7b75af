// The vocabulary carries no zod, so client code that only needs the words does not pull in the
// validation library.

/**
 * One vocabulary of accessibility features, shared by the catalogue, the search filters and the
 * client's icons. Grouped so that a search need ("Visual Support") maps to a set of features.
 */
export const ACCESSIBILITY_FEATURE_GROUPS = {
  mobility: [
    'step_free_access',
    'roll_in_shower',
    'accessible_parking',
    'accessible_transport',
    'wheelchair_loan',
  ],
  visual: ['braille_signage', 'audio_description', 'tactile_guides', 'large_print'],
  hearing: ['hearing_loop', 'captioned_tours', 'visual_alarms', 'sign_language'],
  neurodiversity: ['quiet_space', 'sensory_guide', 'low_sensory_times'],
  general: ['service_animals_welcome', 'veteran_discount', 'accessible_website'],
} as const;

export type AccessibilityFeatureGroup = keyof typeof ACCESSIBILITY_FEATURE_GROUPS;

export const ACCESSIBILITY_FEATURES = Object.values(ACCESSIBILITY_FEATURE_GROUPS).flat() as [
  AccessibilityFeature,
  ...AccessibilityFeature[],
];
export type AccessibilityFeature =
  (typeof ACCESSIBILITY_FEATURE_GROUPS)[AccessibilityFeatureGroup][number];

/** Human words for each feature, used as visible text and as text alternatives of icons. */
export const ACCESSIBILITY_FEATURE_LABELS: Record<AccessibilityFeature, string> = {
  step_free_access: 'Step-free access',
  roll_in_shower: 'Roll-in shower',
  accessible_parking: 'Accessible parking',
  accessible_transport: 'Accessible transport',
  wheelchair_loan: 'Wheelchair loan',
  braille_signage: 'Braille signage',
  audio_description: 'Audio description',
  tactile_guides: 'Tactile guides',
  large_print: 'Large-print materials',
  hearing_loop: 'Hearing loop',
  captioned_tours: 'Captioned tours or films',
  visual_alarms: 'Visual alarms',
  sign_language: 'Sign language',
  quiet_space: 'Quiet space',
  sensory_guide: 'Sensory guide',
  low_sensory_times: 'Low-sensory times',
  service_animals_welcome: 'Service animals welcome',
  veteran_discount: 'Veteran discount',
  accessible_website: 'Accessible booking information',
};

/** The four needs of the search form ("No One Gets Left Behind", spec §2 and §3). */
export const ACCESSIBILITY_NEEDS = [
  'Mobility Support',
  'Visual Support',
  'Hearing Support',
  'Neurodiversity',
] as const;
export type AccessibilityNeed = (typeof ACCESSIBILITY_NEEDS)[number];

/** The features that serve each need (the search's filters, the assistant's answers). */
export const NEED_FEATURES: Record<AccessibilityNeed, readonly AccessibilityFeature[]> = {
  'Mobility Support': ACCESSIBILITY_FEATURE_GROUPS.mobility,
  'Visual Support': ACCESSIBILITY_FEATURE_GROUPS.visual,
  'Hearing Support': ACCESSIBILITY_FEATURE_GROUPS.hearing,
  Neurodiversity: ACCESSIBILITY_FEATURE_GROUPS.neurodiversity,
};

/** The need a feature serves, if any ("hearing_loop" serves Hearing Support). */
export const needOfFeature = (feature: AccessibilityFeature): AccessibilityNeed | undefined =>
  ACCESSIBILITY_NEEDS.find((need) => NEED_FEATURES[need].includes(feature));
