import type { Generated } from 'kysely';

export interface TripPlannerTable {
  id: string;
  visitorId: string;
  title: string;
  destination: string;
  /** YYYY-MM-DD, or null when not chosen yet. */
  startDate: string | null;
  endDate: string | null;
  status: string;
  createdAt: string;
  updatedAt: string;
  /**
   * Raised in the same transaction as every change to the trip or its items, so a listing answered
   * before can be served again while it is unchanged (service.ts, itemListing).
   */
  itemsVersion: Generated<number>;
  /**
   * 1 when the trip is made, raised by one with every change to the trip's own fields (not its
   * items'): a change sent with If-Match is made only while it still names this (decision 032).
   */
  version: Generated<number>;
}

export interface PlannerItemTable {
  id: string;
  plannerId: string;
  itemType: string;
  itemName: string;
  itemDescription: string | null;
  /** YYYY-MM-DD. */
  scheduledDate: string;
  /** A time slot, or '' for none. */
  scheduledTime: string;
  /** Whole cents: "350.00" is 35000. */
  priceCents: number;
  /** 0/1 (see toFlag). */
  isBooked: number;
  priority: number;
  createdAt: string;
  updatedAt: string;
  /** 1 when the item is added, raised by one with every change to it (decision 032). */
  version: Generated<number>;
}

/** A trip's private calendar address (webcal); at most one is open per trip. */
export interface CalendarSubscriptionTable {
  id: string;
  plannerId: string;
  visitorId: string;
  /** SHA-256 (base64url) of the address's token; the token itself is never stored. */
  tokenHash: string;
  createdAt: string;
  revokedAt: string | null;
}

/** A trip's read-only itinerary link (Share Itinerary); revocable, with an optional expiry. */
export interface TripShareTable {
  id: string;
  plannerId: string;
  visitorId: string;
  /** SHA-256 (base64url) of the link's token; the token itself is never stored. */
  tokenHash: string;
  /** 0/1 (see toFlag): the public page shows no prices. */
  hidePrices: number;
  /** Where the link was e-mailed, if it was. */
  email: string | null;
  createdAt: string;
  /** Null: the link lasts until it is revoked. */
  expiresAt: string | null;
  revokedAt: string | null;
}
