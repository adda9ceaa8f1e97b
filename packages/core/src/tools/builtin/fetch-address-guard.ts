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

/**
 * Why a URL's host may not be fetched, or `undefined` when it may. Names are resolved and every
 * address checked, so a public name pointing at 169.254.169.254 is refused too. (A name that
 * changes its answer between this check and the connection is not caught: that needs pinning the
 * address in the HTTP agent.)
 */
export async function refusedDestination(url: URL, policy: FetchAddressPolicy): Promise<string | undefined> {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (METADATA_HOSTS.has(host)) return `${host} is a cloud metadata service; web_fetch does not fetch from it.`;
  const addresses = isIP(host) ? [host] : await lookup(host, { all: true, verbatim: true }).then((found) => found.map((entry) => entry.address), () => []);
  for (const address of addresses) {
    const plain = unmapIpv4(address);
    const family = isIP(plain) === 6 ? 'ipv6' : 'ipv4';
    if (alwaysRefused.check(plain, family)) {
      return `${url.host} is ${plain === host ? '' : `at ${plain}, `}a link-local or cloud metadata address; web_fetch does not fetch from it.`;
    }
    if (policy.refusePrivateNetworks && privateNetworks.check(plain, family)) {
      return `${url.host} is ${plain === host ? '' : `at ${plain}, `}on a loopback or private network, which this session does not allow web_fetch to reach.`;
    }
  }
  return undefined;
}

/** `::ffff:169.254.169.254` is the IPv4 address in IPv6 clothing; check it as IPv4. */
function unmapIpv4(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}
