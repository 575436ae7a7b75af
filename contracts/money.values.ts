/*
 * The money contract's helpers (amounts in cents and back). Without zod: the browser's pages import
 * these at first render, and evaluating zod and every schema costs a phone's main thread noticeably
 * (docs/decisions/013). The schemas and their types are in money.ts, which re-exports all of this.
 */

/** Whole cents of a decimal string already checked by amountSchema. */
export function toCents(amount: string): number {
  const [whole = '0', fraction = ''] = amount.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

export function formatCents(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
