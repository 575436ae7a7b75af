/**
 * Wallet payments are quoted in ether at a configured rate in US dollars (CHAIN_USD_PER_ETH); a
 * booking in another currency is first valued in dollars at WALLET_USD_RATES. These defaults cover
 * every currency the catalogue prices in, so each booking the site makes can be paid by wallet in
 * demo mode; a deployment sets its own rates (and updates them as they move).
 */
export const DEFAULT_WALLET_USD_RATES = 'AUD=0.65,CAD=0.72,EUR=1.08,GBP=1.27,NZD=0.59,SGD=0.74';

/** US dollars per unit of each currency, by ISO code; US dollars themselves are always 1. */
export type UsdRates = Readonly<Record<string, number>>;

const ENTRY = /^([A-Z]{3})=(\d{1,9}(?:\.\d{1,9})?)$/;

/** "CAD=0.72,EUR=1.08" as rates, or a sentence saying what is wrong with it. */
export function parseUsdRates(text: string): UsdRates | string {
  const rates: Record<string, number> = { USD: 1 };
  for (const raw of text.split(',')) {
    const entry = raw.trim().toUpperCase();
    if (entry === '') continue;
    const match = ENTRY.exec(entry);
    const rate = match ? Number(match[2]) : NaN;
    if (!match || !(rate > 0)) {
      return `"${raw.trim()}" is not CODE=rate (a three-letter currency code and a positive number of US dollars)`;
    }
    if (match[1] === 'USD' && rate !== 1) return 'USD is always worth 1 US dollar';
    rates[match[1]!] = rate;
  }
  return rates;
}
