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
  /** card or crypto, once paid. */
  paymentMethod: string | null;
  /** stripe, chain or simulated, once paid. */
  paymentVerification: string | null;
  /** The PaymentIntent id or the transaction hash. */
  paymentReference: string | null;
  /** The wallet that paid. */
  paymentPayer: string | null;
  paidAt: string | null;
  stripePaymentIntentId: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface BlockchainPaymentTable {
  id: string;
  bookingId: string;
  visitorId: string;
  walletAddress: string;
  paymentAddress: string;
  amount: string;
  currency: string;
  /** The quote in wei, as a decimal string. */
  valueWei: string;
  chainId: number;
  /** chain or simulated: fixed when the payment is created. */
  verification: string;
  /** pending or confirmed. */
  status: string;
  transactionHash: string | null;
  createdAt: string;
  confirmedAt: string | null;
}
