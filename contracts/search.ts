import { z } from 'zod';
import { ACCESSIBILITY_NEEDS } from './accessibility.js';
import { daysBetween, isoDateSchema } from './dates.js';
import { destinationSchema } from './destinations.js';

export { ACCESSIBILITY_NEEDS, type AccessibilityNeed } from './accessibility.js';

export const QUICK_SEARCH_TYPES = ['flights', 'hotels', 'roadtrip', 'camping'] as const;
export type QuickSearchType = (typeof QUICK_SEARCH_TYPES)[number];

const SEARCH_TEXT_MAX = 200;

/** A native date input sends '' when empty: that means "no date", not a bad date. */
const optionalDate = (label: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), isoDateSchema(label).optional());

const optionalText = z
  .string()
  .trim()
  .max(SEARCH_TEXT_MAX, `At most ${SEARCH_TEXT_MAX} characters`)
  .optional();

/** The search form of spec §3. No field is required (spec §5). */
const searchFieldsSchema = z.object({
  from: optionalText,
  to: optionalText,
  checkinDate: optionalDate('Check-in date'),
  checkoutDate: optionalDate('Check-out date'),
  accessibilityNeeds: z
    .array(z.enum(ACCESSIBILITY_NEEDS, { message: 'Unknown accessibility need' }), {
      message: 'Accessibility needs must be a list',
    })
    .max(ACCESSIBILITY_NEEDS.length)
    .optional(),
});

type SearchFields = z.infer<typeof searchFieldsSchema>;

function checkDates(fields: SearchFields, ctx: z.RefinementCtx) {
  const { checkinDate, checkoutDate } = fields;
  if (checkinDate && checkoutDate && daysBetween(checkinDate, checkoutDate) < 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['checkoutDate'],
      message: 'Check-out date cannot be before the check-in date',
    });
  }
}

export const searchRequestSchema = searchFieldsSchema.superRefine(checkDates);
export type SearchRequest = z.input<typeof searchRequestSchema>;
export type SearchQuery = z.output<typeof searchRequestSchema>;

export const quickSearchRequestSchema = searchFieldsSchema
  .extend({
    type: z.enum(QUICK_SEARCH_TYPES, {
      message: `Type must be one of ${QUICK_SEARCH_TYPES.join(', ')}`,
    }),
  })
  .superRefine(checkDates);
export type QuickSearchRequest = z.input<typeof quickSearchRequestSchema>;
export type QuickSearchQuery = z.output<typeof quickSearchRequestSchema>;

export const searchResponseSchema = z.object({
  /** Best match first. */
  results: z.array(destinationSchema),
  count: z.number().int().min(0),
  /** Nights between the dates when both are given. */
  nights: z.number().int().min(0).nullable(),
  /** What the results are, in words: the query and filters as the server understood them. */
  summary: z.string(),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;

export const quickSearchResponseSchema = searchResponseSchema.extend({
  type: z.enum(QUICK_SEARCH_TYPES),
});
export type QuickSearchResponse = z.infer<typeof quickSearchResponseSchema>;
