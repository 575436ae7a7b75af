import ipaddr from 'ipaddr.js';

/** An IPv4 address as ipaddr.js writes one (no leading zeros): already its own key. */
const CANONICAL_IPV4 =
  /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

/**
 * The key a client address is counted under, by every per-address limit (rate limits, the upload
 * budget): an IPv4 address itself (also when written as IPv6), an IPv6 address by its /64
 * network, which is what one subscriber is given: counted one by one, a single client could use a
 * new address for every request.
 */
export function addressKey(address: string): string {
  // Most addresses: one pattern instead of parsing and writing the address again.
  if (CANONICAL_IPV4.test(address)) return address;
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address); // an IPv4-mapped IPv6 address becomes IPv4
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`).toString()}/64`;
}
