import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Which destinations `web_fetch` refuses beyond the ones it always refuses. */
export interface FetchAddressPolicy {
  /**
   * Also refuse loopback and private networks (127/8, 10/8, 172.16/12, 192.168/16, 100.64/10, ::1,
   * fc00::/7). Off by default: fetching a local dev server is a normal request in a coding tool.
   */
  readonly refusePrivateNetworks?: boolean;
}

/**
 * Link-local and cloud metadata destinations are refused always: 169.254.169.254 (AWS, GCP, Azure),
 * fd00:ec2::254 (AWS over IPv6) and 100.100.100.200 (Alibaba) hand out credentials to whoever asks
 * from the machine, so a prompt-injected page must not be able to send the model there.
 */
const alwaysRefused = new BlockList();
alwaysRefused.addSubnet('169.254.0.0', 16, 'ipv4');
alwaysRefused.addSubnet('0.0.0.0', 8, 'ipv4');
alwaysRefused.addAddress('100.100.100.200', 'ipv4');
alwaysRefused.addSubnet('fe80::', 10, 'ipv6');
alwaysRefused.addAddress('fd00:ec2::254', 'ipv6');
alwaysRefused.addAddress('::', 'ipv6');

const privateNetworks = new BlockList();
for (const [network, prefix] of [['127.0.0.0', 8], ['10.0.0.0', 8], ['172.16.0.0', 12], ['192.168.0.0', 16], ['100.64.0.0', 10]] as const) {
  privateNetworks.addSubnet(network, prefix, 'ipv4');
}
privateNetworks.addAddress('::1', 'ipv6');
privateNetworks.addSubnet('fc00::', 7, 'ipv6');

const METADATA_HOSTS = new Set(['metadata.google.internal', 'metadata.goog', 'metadata', 'instance-data', 'instance-data.ec2.internal']);

/** A resolved address of a host: what `dns.lookup(host, { all: true })` answers. */
export interface HostAddress {
  readonly address: string;
  readonly family: 4 | 6;
}

/** Resolves a host name to its addresses; tests pass one whose answers change between calls. */
export type ResolveHost = (hostname: string) => Promise<readonly HostAddress[]>;

/** The system resolver (getaddrinfo, so /etc/hosts counts), as the HTTP client would use it. */
export const systemResolveHost: ResolveHost = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));

/** Where a URL may be fetched from: the addresses that passed the check, or why none may. */
export type CheckedDestination = { readonly ok: true; readonly addresses: readonly HostAddress[] } | { readonly ok: false; readonly reason: string };

/**
 * Resolves a URL's host once and checks every address, so a public name pointing at
 * 169.254.169.254 is refused too. The caller must connect to these addresses and no others: a
 * name looked up again at connect time may answer differently (DNS rebinding), and only the
 * answer checked here is known to be allowed.
 */
export async function checkDestination(url: URL, policy: FetchAddressPolicy, resolveHost: ResolveHost = systemResolveHost): Promise<CheckedDestination> {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (METADATA_HOSTS.has(host)) return { ok: false, reason: `${host} is a cloud metadata service; web_fetch does not fetch from it.` };
  const literal = isIP(host);
  const addresses: readonly HostAddress[] = literal ? [{ address: host, family: literal === 6 ? 6 : 4 }] : await resolveHost(host);
  if (addresses.length === 0) throw new Error(`${host} did not resolve to any address`);
  for (const { address } of addresses) {
    const plain = unmapIpv4(address);
    const family = isIP(plain) === 6 ? 'ipv6' : 'ipv4';
    if (alwaysRefused.check(plain, family)) {
      return { ok: false, reason: `${url.host} is ${plain === host ? '' : `at ${plain}, `}a link-local or cloud metadata address; web_fetch does not fetch from it.` };
    }
    if (policy.refusePrivateNetworks && privateNetworks.check(plain, family)) {
      return { ok: false, reason: `${url.host} is ${plain === host ? '' : `at ${plain}, `}on a loopback or private network, which this session does not allow web_fetch to reach.` };
    }
  }
  return { ok: true, addresses };
}

/** `::ffff:169.254.169.254` is the IPv4 address in IPv6 clothing; check it as IPv4. */
function unmapIpv4(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}
