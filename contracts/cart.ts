// No zod here: the landing page's bundle imports this.

/**
 * Spec §3: a cart price is an integer: the digits of the price text, 0 when there are none.
 * The client shows it and the server charges it, so both use this one rule.
 */
export function cartPriceOf(price: string | number): number {
  if (typeof price === 'number') return Number.isFinite(price) ? Math.max(0, Math.round(price)) : 0;
  const digits = price.replace(/\D/g, '');
  return digits ? Number.parseInt(digits, 10) : 0;
}
