import ipaddr from 'ipaddr.js';

/**
 * The key a client address is counted under, by every per-address limit (rate limits, the upload
 * budget): an IPv4 address itself (also when written as IPv6), an IPv6 address by its /64
 * network, which is what one subscriber is given: counted one by one, a single client could use a
 * new address for every request.
 */
export function addressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address); // an IPv4-mapped IPv6 address becomes IPv4
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/64`).toString()}/64`;
}
