import ipaddr from 'ipaddr.js';

/**
 * How many bytes of uploads one client address may ask for in an hour, whatever the cookies it
 * sends. A gallery's quota is per visitor and a new cookie is a new visitor, so without this one
 * address could fill the storage by starting new sessions (OWASP ASVS 12.1.3). Kept in this
 * process's memory only, like the request rate limits (two processes each count their own), and
 * never written anywhere: an address is forgotten when its hour is over, or sooner when
 * `maxAddresses` newer ones push it out.
 */
export interface AddressBudget {
  /**
   * Counts `bytes` against the address's hour and answers 0, or, when they would go past the
   * budget, counts nothing and answers the seconds until the address's hour starts again.
   */
  take(address: string, bytes: number): number;
}

export interface AddressBudgetOptions {
  /** Bytes one address may ask for in one window. */
  bytes: number;
  windowMs?: number;
  maxAddresses?: number;
  now?: () => number;
}

const HOUR_MS = 60 * 60 * 1000;

/**
 * The key an address is counted under: an IPv4 address itself (also when written as IPv6), an
 * IPv6 address by its /64 network, which is what one subscriber is given: counted one by one, a
 * single client could use a new address for every upload.
 */
export function addressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address); // an IPv4-mapped IPv6 address becomes IPv4
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`).toString()}/64`;
}

export function createAddressBudget({
  bytes,
  windowMs = HOUR_MS,
  maxAddresses = 10_000,
  now = Date.now,
}: AddressBudgetOptions): AddressBudget {
  /** Per address, in the order last used: when its window started, and the bytes taken since. */
  const windows = new Map<string, { startedAt: number; used: number }>();

  return {
    take(address, wanted) {
      const key = addressKey(address);
      const at = now();
      let window = windows.get(key);
      if (!window || at - window.startedAt >= windowMs) window = { startedAt: at, used: 0 };
      if (window.used + wanted > bytes) {
        return Math.max(1, Math.ceil((window.startedAt + windowMs - at) / 1000));
      }
      window.used += wanted;
      windows.delete(key);
      windows.set(key, window);
      if (windows.size > maxAddresses) windows.delete(windows.keys().next().value!);
      return 0;
    },
  };
}
