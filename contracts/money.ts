import { z } from 'zod';
import { formatCents, toCents } from './money.values.js';

export * from './money.values.js';

const DECIMAL = /^\d{1,10}(\.\d{1,2})?$/;

/**
 * An amount on the wire (ARCHITECTURE.md §5): a decimal string with at most two decimals; a JSON
 * number is accepted on input. Always answered as a string with two decimals ("420.00").
 */
export const decimalAmountSchema = (label: string) =>
  z
    .union([z.string().trim(), z.number()], { error: `${label} must be a number` })
    .transform((value) => (typeof value === 'number' ? String(value) : value))
    .refine((value) => DECIMAL.test(value), {
      message: `${label} must be a non-negative number with at most two decimals`,
    })
    .transform((value) => formatCents(toCents(value)));

export const amountSchema = decimalAmountSchema('Amount');

const KNOWN_CURRENCIES = new Set(Intl.supportedValuesOf('currency'));

/** An ISO 4217 code the runtime knows, upper case ("usd" is accepted as "USD"). */
export const currencySchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code) => KNOWN_CURRENCIES.has(code), { message: 'Unknown currency code' });
