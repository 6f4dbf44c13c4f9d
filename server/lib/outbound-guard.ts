/**
 * Calls the server makes to a URL a user gave (a browser's Web Push endpoint): only to public
 * addresses, checked when the connection is made (after the name resolves), not only when the URL
 * was saved, so a name that later resolves to 127.0.0.1, a private network or the cloud metadata
 * address (169.254.169.254) reaches nothing inside.
 */
import dns from 'node:dns';
import https from 'node:https';
import net from 'node:net';

const INTERNAL = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  INTERNAL.addSubnet(network, prefix, 'ipv6');
}

/** Loopback, private, link-local, carrier-grade NAT, multicast and reserved addresses (IPv4-mapped IPv6 too). */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return INTERNAL.check(mapped, 'ipv4');
  return INTERNAL.check(address, net.isIPv6(address) ? 'ipv6' : 'ipv4');
}

export class InternalAddressError extends Error {}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;

/** dns.lookup that fails for an internal address; `allowed` hosts (settings, tests) pass as they are. */
export function guardedLookup(allowed: ReadonlySet<string>) {
  return (hostname: string, options: dns.LookupOptions, callback: LookupCallback): void => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      const internal = addresses.find((entry) => isInternalAddress(entry.address));
      if (internal && !allowed.has(hostname)) {
        return callback(new InternalAddressError(`${hostname} trỏ tới địa chỉ nội bộ ${internal.address}`), []);
      }
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/**
 * An HTTPS agent whose connections reach only public addresses (or the `allowed` hosts). It trusts
 * what the default agent trusts (tests add their local push service's certificate there).
 */
export function publicOnlyAgent(allowed: ReadonlySet<string>): https.Agent {
  return new https.Agent({ lookup: guardedLookup(allowed) as unknown as net.LookupFunction, ca: https.globalAgent.options.ca });
}
