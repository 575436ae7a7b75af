import { z } from 'zod';
import { isIsoDate } from './dates.js';
import { decimalAmountSchema, toCents } from './money.js';
import {
  DEFAULT_TRIP_SHARE_EXPIRY_DAYS,
  ITEM_DESCRIPTION_MAX,
  ITEM_NAME_MAX,
  ITEM_TYPES,
  MAX_ITEM_PRICE,
  PRIORITY_MAX,
  PRIORITY_MIN,
  SCHEDULED_TIMES,
  TIME_SLOTS,
  TRIP_DESTINATION_MAX,
  TRIP_SHARE_MESSAGE_MAX,
  TRIP_STATUSES,
  TRIP_TITLE_MAX,
} from './planner.values.js';
import { senderNameSchema } from './sender.js';

export * from './planner.values.js';

/** Ids are UUIDs; anything much longer is not one. */
const PLANNER_ID_MAX = 100;

// ---- field schemas ----------------------------------------------------------------------------

const dateMessage = (label: string) => `${label} must be a real date written YYYY-MM-DD`;

/** Required, non-blank text, trimmed. */
const requiredText = (label: string, max: number) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined ? `${label} is required` : `${label} must be text`,
    })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** A required calendar day (YYYY-MM-DD, a real date). */
const requiredDate = (label: string) =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? `${label} is required` : dateMessage(label)),
    })
    .refine(isIsoDate, { message: dateMessage(label) });

/**
 * An optional calendar day: a real YYYY-MM-DD date, or null or the empty string (an empty date
 * field of a form) for none, answered as null.
 */
const optionalDate = (label: string) =>
  z
    .union([z.string(), z.null()], { error: dateMessage(label) })
    .refine((value) => value === null || value === '' || isIsoDate(value), {
      message: dateMessage(label),
    })
    .transform((value) => (value ? value : null));

const tripStatusSchema = z.enum(TRIP_STATUSES, {
  message: `Trip status must be one of ${TRIP_STATUSES.join(', ')}`,
});

const itemTypeSchema = z.enum(ITEM_TYPES, {
  message: `Item type must be one of ${ITEM_TYPES.join(', ')}`,
});

const scheduledTimeSchema = z.enum(SCHEDULED_TIMES, {
  message: `Time slot must be one of ${TIME_SLOTS.join(', ')}, or empty`,
});

/** Optional text: blank or null means none (answered as null). */
const itemDescriptionSchema = z
  .union([z.string(), z.null()], { error: 'Item description must be text' })
  .transform((value) => value?.trim() ?? '')
  .refine((value) => value.length <= ITEM_DESCRIPTION_MAX, {
    message: `Item description must be at most ${ITEM_DESCRIPTION_MAX} characters`,
  })
  .transform((value) => (value === '' ? null : value));

/** Architecture §5: a decimal string with at most two decimals (a JSON number accepted), answered "350.00". */
const priceSchema = decimalAmountSchema('Price').refine(
  (value) => toCents(value) <= MAX_ITEM_PRICE * 100,
  {
    message: `Price must be at most ${MAX_ITEM_PRICE}`,
  },
);

const prioritySchema = z
  .number({ error: 'Priority must be a whole number' })
  .int('Priority must be a whole number')
  .min(PRIORITY_MIN, `Priority must be at least ${PRIORITY_MIN}`)
  .max(PRIORITY_MAX, `Priority must be at most ${PRIORITY_MAX}`);

const isBookedSchema = z.boolean({ error: 'isBooked must be true or false' });

export const TRIP_END_BEFORE_START = 'End date must not be before the start date';
const endNotBeforeStart = { message: TRIP_END_BEFORE_START, path: ['endDate'] };
const datesInOrder = (trip: { startDate?: string | null; endDate?: string | null }) =>
  !trip.startDate || !trip.endDate || trip.startDate <= trip.endDate;

// ---- trips ------------------------------------------------------------------------------------

export const createTripSchema = z
  .object({
    title: requiredText('Trip title', TRIP_TITLE_MAX),
    destination: requiredText('Destination', TRIP_DESTINATION_MAX),
    startDate: optionalDate('Start date').optional(),
    endDate: optionalDate('End date').optional(),
    /** Sent by the client as the spec says, and ignored: a new trip is always `planning`. */
    status: z.unknown().optional(),
  })
  .refine(datesInOrder, endNotBeforeStart);
/** What a caller sends to create a trip (the service validates it again). */
export type CreateTripInput = z.input<typeof createTripSchema>;

/** Any of a trip's fields; a date set to null (or "") is cleared. */
export const updateTripSchema = z
  .object({
    title: requiredText('Trip title', TRIP_TITLE_MAX).optional(),
    destination: requiredText('Destination', TRIP_DESTINATION_MAX).optional(),
    startDate: optionalDate('Start date').optional(),
    endDate: optionalDate('End date').optional(),
    status: tripStatusSchema.optional(),
  })
  .refine(datesInOrder, endNotBeforeStart);
export type UpdateTripInput = z.input<typeof updateTripSchema>;

export const tripSchema = z.object({
  id: z.string(),
  title: z.string(),
  destination: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  status: z.enum(TRIP_STATUSES),
  createdAt: z.string(),
  /**
   * 1 when made, raised by one with every change to the trip's own fields (not its items'). Sent
   * back as If-Match (contracts/preconditions.values.ts), a change is made only while it holds.
   */
  version: z.number().int(),
});
export type Trip = z.infer<typeof tripSchema>;
export const tripListSchema = z.array(tripSchema);

/** 412 to a change sent with a version the trip no longer has: the trip as it is now. */
export const tripConflictSchema = z.object({
  message: z.string(),
  current: tripSchema,
});
export type TripConflict = z.infer<typeof tripConflictSchema>;

export const tripIdParamsSchema = z.object({ id: z.string() });

// ---- planner items ----------------------------------------------------------------------------

const itemFields = {
  itemType: itemTypeSchema,
  itemName: requiredText('Item name', ITEM_NAME_MAX),
  itemDescription: itemDescriptionSchema,
  scheduledDate: requiredDate('Scheduled date'),
  scheduledTime: scheduledTimeSchema,
  price: priceSchema,
  isBooked: isBookedSchema,
  priority: prioritySchema,
};

export const createPlannerItemSchema = z.object({
  plannerId: requiredText('Trip', PLANNER_ID_MAX),
  itemType: itemFields.itemType,
  itemName: itemFields.itemName,
  itemDescription: itemFields.itemDescription.optional(),
  scheduledDate: itemFields.scheduledDate,
  scheduledTime: itemFields.scheduledTime.default(''),
  /** Defaults to "0.00" when not given. */
  price: itemFields.price.default('0.00'),
  /** Sent by the client as the spec says, and ignored: a new item is never booked. */
  isBooked: z.unknown().optional(),
  priority: itemFields.priority.default(0),
});
/** What a caller sends to add an item (the service validates it again, so defaults may be left out). */
export type CreatePlannerItemInput = z.input<typeof createPlannerItemSchema>;

/** Any item field except plannerId (an item stays in its trip); a null description clears it. */
export const updatePlannerItemSchema = z.object({
  itemType: itemFields.itemType.optional(),
  itemName: itemFields.itemName.optional(),
  itemDescription: itemFields.itemDescription.optional(),
  scheduledDate: itemFields.scheduledDate.optional(),
  scheduledTime: itemFields.scheduledTime.optional(),
  price: itemFields.price.optional(),
  isBooked: itemFields.isBooked.optional(),
  priority: itemFields.priority.optional(),
});
export type UpdatePlannerItemInput = z.input<typeof updatePlannerItemSchema>;

export const plannerItemSchema = z.object({
  id: z.string(),
  plannerId: z.string(),
  itemType: z.enum(ITEM_TYPES),
  itemName: z.string(),
  itemDescription: z.string().nullable(),
  scheduledDate: z.string(),
  scheduledTime: z.enum(SCHEDULED_TIMES),
  /** A decimal string with two decimals, e.g. "350.00". */
  price: z.string(),
  isBooked: z.boolean(),
  priority: z.number().int(),
  createdAt: z.string(),
  /** 1 when added, raised by one with every change to the item; sent back as If-Match. */
  version: z.number().int(),
});
export type PlannerItem = z.infer<typeof plannerItemSchema>;
export const plannerItemListSchema = z.array(plannerItemSchema);

/** 412 to a change sent with a version the item no longer has: the item as it is now. */
export const plannerItemConflictSchema = z.object({
  message: z.string(),
  current: plannerItemSchema,
});
export type PlannerItemConflict = z.infer<typeof plannerItemConflictSchema>;

export const plannerItemIdParamsSchema = z.object({ id: z.string() });

/** A range of days, both ends included; either end may be left open. */
const rangeFields = {
  from: requiredDate('From date').optional(),
  to: requiredDate('To date').optional(),
};
const rangeInOrder = (range: { from?: string; to?: string }) =>
  !range.from || !range.to || range.from <= range.to;
const toNotBeforeFrom = { message: 'To date must not be before the from date', path: ['to'] };

export const dateRangeSchema = z.object(rangeFields).refine(rangeInOrder, toNotBeforeFrom);
export type DateRange = z.input<typeof dateRangeSchema>;

/** GET /api/planner-items?plannerId=ID[&from=YYYY-MM-DD][&to=YYYY-MM-DD] */
export const plannerItemsQuerySchema = z
  .object({ plannerId: requiredText('Trip', PLANNER_ID_MAX), ...rangeFields })
  .refine(rangeInOrder, toNotBeforeFrom);
export type PlannerItemsQuery = z.input<typeof plannerItemsQuerySchema>;

// ---- calendar export --------------------------------------------------------------------------

/**
 * A trip's private calendar address: `url` serves the trip as an iCalendar file, `webcalUrl` is the
 * same address for calendar applications to subscribe to. Only shown when it is made.
 */
export const calendarSubscriptionSchema = z.object({
  id: z.string(),
  url: z.string(),
  webcalUrl: z.string(),
  createdAt: z.string(),
});
export type CalendarSubscription = z.infer<typeof calendarSubscriptionSchema>;

/** GET /api/calendar/:token.ics */
export const calendarTokenParamsSchema = z.object({ token: z.string() });

// ---- itinerary links (Share Itinerary) --------------------------------------------------------

/** POST /api/trip-planners/:id/shares */
export const createTripShareSchema = z.object({
  expiresInDays: z
    .union([z.literal(1), z.literal(7), z.literal(30), z.null()], {
      error: 'expiresInDays must be 1, 7, 30 or null (no expiry)',
    })
    .default(DEFAULT_TRIP_SHARE_EXPIRY_DAYS),
  hidePrices: z.boolean({ error: 'hidePrices must be true or false' }).default(false),
  /** When given, the link is e-mailed to this address. */
  email: z
    .string({ error: 'Please enter a valid email address' })
    .trim()
    .max(254, 'Please enter a valid email address')
    .pipe(z.email('Please enter a valid email address'))
    .optional(),
  /** An optional note for the e-mail. */
  message: z
    .string({ error: 'Message must be text' })
    .trim()
    .max(TRIP_SHARE_MESSAGE_MAX, `Message must be at most ${TRIP_SHARE_MESSAGE_MAX} characters`)
    .optional(),
  /** Who shares, for the e-mail (ignored without an address). */
  senderName: senderNameSchema,
});
export type CreateTripShareInput = z.input<typeof createTripShareSchema>;
export type CreateTripShare = z.infer<typeof createTripShareSchema>;

/** An itinerary link. `shareUrl` holds the token, so it is only shown when the link is made. */
export const tripShareSchema = z.object({
  id: z.string(),
  shareUrl: z.string(),
  hidePrices: z.boolean(),
  email: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type TripShare = z.infer<typeof tripShareSchema>;
export const tripShareListSchema = z.array(tripShareSchema);

export const tripShareIdParamsSchema = z.object({ id: z.string(), shareId: z.string() });
export const tripShareTokenParamsSchema = z.object({ token: z.string().max(200) });

/** One item as the public itinerary shows it: no ids, and no price when the owner hid prices. */
export const sharedTripItemSchema = z.object({
  itemType: z.enum(ITEM_TYPES),
  itemName: z.string(),
  itemDescription: z.string().nullable(),
  scheduledDate: z.string(),
  scheduledTime: z.enum(SCHEDULED_TIMES),
  isBooked: z.boolean(),
  /** A decimal string ("350.00"); absent when the owner hid prices. */
  price: z.string().nullable().optional(),
});
export type SharedTripItem = z.infer<typeof sharedTripItemSchema>;

/** GET /api/shared-trips/:token: the public, read-only itinerary. */
export const sharedTripSchema = z.object({
  trip: z.object({
    title: z.string(),
    destination: z.string(),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    status: z.enum(TRIP_STATUSES),
  }),
  /** Sorted by date, then in the planner's slot order. */
  items: z.array(sharedTripItemSchema),
  hidePrices: z.boolean(),
  expiresAt: z.string().nullable(),
});
export type SharedTrip = z.infer<typeof sharedTripSchema>;
