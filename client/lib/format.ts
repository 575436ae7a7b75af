const WHOLE_NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Spec §2: `$` for USD, otherwise the currency code before the amount */
export function formatPrice(price: string | number, currency: string): string {
  const amount = typeof price === 'number' ? WHOLE_NUMBER.format(price) : price;
  return currency === 'USD' ? `$${amount}` : `${currency} ${amount}`;
}

/** Spec §3: a cart price is an integer: the digits of the price text, 0 when there are none. */
export function cartPriceOf(price: string | number): number {
  if (typeof price === 'number') return Number.isFinite(price) ? Math.round(price) : 0;
  const digits = price.replace(/\D/g, '');
  return digits ? Number.parseInt(digits, 10) : 0;
}

/** A destination's price as its card shows it: nothing to pay reads "Free". */
export function formatDestinationPrice(price: string | number, currency: string): string {
  return price === 0 ? 'Free' : formatPrice(price, currency);
}
