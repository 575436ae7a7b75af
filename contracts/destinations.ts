import { z } from 'zod';

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

export const accessibilityFeatureSchema = z.enum(ACCESSIBILITY_FEATURES);

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

export const safetyLevelSchema = z.number().int().min(1).max(4);

export const destinationSchema = z.object({
  id: z.string(),
  name: z.string(),
  location: z.string(),
  country: z.string(),
  /** ISO 3166-1 alpha-2, used to join advisories and emergency numbers. */
  countryCode: z.string().length(2),
  /** The specification allows text or a number; the catalogue uses whole numbers. */
  price: z.union([z.string(), z.number()]),
  /** What the price means, e.g. "per night, accessible room (indicative)". */
  priceBasis: z.string(),
  currency: z.string().length(3),
  category: z.string(),
  description: z.string(),
  imageUrl: z.string().nullable(),
  safetyLevel: safetyLevelSchema,
  isAccessible: z.boolean(),
  isVeteranFriendly: z.boolean(),
  isNeuroFriendly: z.boolean(),
  accessibilityFeatures: z.array(accessibilityFeatureSchema),
});
export type Destination = z.infer<typeof destinationSchema>;

export const destinationListSchema = z.array(destinationSchema);

export const populateDestinationsBodySchema = z.object({}).strip();
export const populateDestinationsResponseSchema = z.object({ inserted: z.number().int().min(0) });
export type PopulateDestinationsResponse = z.infer<typeof populateDestinationsResponseSchema>;
