import { lookup } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { AppError } from "../../errors";

/*
 * SSRF guard for hook targets (issue 14 §2). In production a hook may only reach the public Internet: a
 * target that is, or resolves to, a loopback, private, link-local or otherwise reserved address is refused
 * when the hook is created AND when each delivery connects (the resolution is checked inside the socket's
 * own lookup, so a DNS answer that changes after the first check, DNS rebinding, is caught too). Outside
 * production loopback targets stay allowed, for tests and local tools.
 */

const reserved = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  reserved.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const)
  reserved.addSubnet(network, prefix, "ipv6");

/** True when `address` (an IP literal) is on the public Internet. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !reserved.check(address, "ipv4");
  if (family !== 6) return false;
  // ::ffff:127.0.0.1 is 127.0.0.1 to the kernel.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped);
  return !reserved.check(address, "ipv6");
}

export const TARGET_REFUSED_MESSAGE =
  "Cette adresse de destination n'est pas accessible depuis Internet (adresse locale ou privée) : indiquez une URL publique.";

const refused = () =>
  new AppError("validation_failed", TARGET_REFUSED_MESSAGE, [
    { path: "target_url", message: TARGET_REFUSED_MESSAGE },
  ]);

/** The host as the socket sees it: `[::1]` is the IPv6 literal `::1`. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

/** A socket lookup that answers only public addresses; anything else fails the connection. */
export const publicOnlyLookup = ((hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    const answer = callback as (...args: unknown[]) => void;
    if (error) return answer(error);
    if (addresses.length === 0 || addresses.some(({ address }) => !isPublicAddress(address)))
      return answer(
        Object.assign(new Error(`${hostname} résout vers une adresse privée`), { code: "EPRIVATE" }),
      );
    const [first] = addresses;
    if (options.all) return answer(null, addresses);
    return answer(null, first?.address, first?.family);
  });
}) as LookupFunction;

/** Refuses (French 400) a target that is or resolves to a non-public address; a no-op outside production. */
export async function assertReachableTarget(target: string, { isProduction }: { isProduction: boolean }) {
  if (!isProduction) return;
  const host = hostOf(new URL(target));
  if (isIP(host)) {
    if (!isPublicAddress(host)) throw refused();
    return;
  }
  const addresses = await new Promise<{ address: string }[]>((resolve) =>
    lookup(host, { all: true }, (error, found) => resolve(error ? [] : found)),
  );
  if (addresses.length === 0 || addresses.some(({ address }) => !isPublicAddress(address))) throw refused();
}

/** Whether a delivery may connect to this literal host (name targets are checked by publicOnlyLookup). */
export const isLiteralTargetAllowed = (target: URL) => {
  const host = hostOf(target);
  return !isIP(host) || isPublicAddress(host);
};
