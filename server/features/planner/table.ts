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
}
