export interface BookingTable {
  id: string;
  visitorId: string;
  bookingType: string;
  /** Decimal string with two decimals, e.g. "420.00". */
  totalAmount: string;
  currency: string;
  /** JSON of BookingDetails. */
  bookingDetails: string;
  status: string;
  paymentStatus: string;
  confirmationCode: string | null;
  createdAt: string;
  updatedAt: string;
}
