export { cartPriceOf } from '../../contracts/cart';
import { onFirstUse } from './intl';

const wholeNumber = onFirstUse(() => new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }));

/** Spec §2: `$` for USD, otherwise the currency code before the amount */
export function formatPrice(price: string | number, currency: string): string {
  const amount = typeof price === 'number' ? wholeNumber().format(price) : price;
  return currency === 'USD' ? `$${amount}` : `${currency} ${amount}`;
}

/** A destination's price as its card shows it: nothing to pay reads "Free". */
export function formatDestinationPrice(price: string | number, currency: string): string {
  return price === 0 ? 'Free' : formatPrice(price, currency);
}
