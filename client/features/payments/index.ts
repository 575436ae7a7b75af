// Only the lazily loaded pages import this feature: it brings zod (contracts) and, on demand, viem
// and Stripe. The cart links here by URL, not by import.
export { PaymentDemo } from './PaymentDemo';
export { PaymentStatus } from './PaymentStatus';
