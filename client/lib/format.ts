export { cartPriceOf } from '../../contracts/cart';

const WHOLE_NUMBER = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** Spec §2: `$` for USD, otherwise the currency code before the amount */
export function formatPrice(price: string | number, currency: string): string {
  const amount = typeof price === 'number' ? WHOLE_NUMBER.format(price) : price;
  return currency === 'USD' ? `$${amount}` : `${currency} ${amount}`;
}

/** A destination's price as its card shows it: nothing to pay reads "Free". */
export function formatDestinationPrice(price: string | number, currency: string): string {
  return price === 0 ? 'Free' : formatPrice(price, currency);
}
