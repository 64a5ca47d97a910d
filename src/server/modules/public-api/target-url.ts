import { lookup } from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";
import { AppError } from "../../errors";

/*
 * SSRF guard for every outbound URL a user chooses (REST hook targets, webhook automations; issue 14 §2,
 * issue 26 §7, decision 013). One guard in every mode: a target that is, or resolves to, an address of the
 * IANA special-purpose registries (loopback, private, link-local, CGNAT, documentation, benchmarking,
 * multicast, translation and tunnel prefixes…) is refused when the hook is created AND when each delivery
 * connects (the resolution is checked inside the socket's own lookup, so a DNS answer that changes after the
 * first check, DNS rebinding, is caught too). The one exception is loopback (127.0.0.0/8, ::1), allowed only
 * when the policy says so, which configuration decides once (outside production, for tests and local tools).
 *
 * The URL parser (WHATWG) has already turned 2130706433, 0x7f.1 or 0177.0.0.1 into 127.0.0.1 and
 * [::ffff:127.0.0.1] into [::ffff:7f00:1] before anything here reads the host.
 */

/** What user-chosen outbound URLs may reach, derived once from configuration (services.ts). */
export type TargetPolicy = {
  /** Loopback literals and names resolving only to loopback (or public) addresses are allowed too. */
  allowLoopback: boolean;
};

/** The public Internet only: production's policy, and the assistant's in every mode. */
export const PUBLIC_ONLY: TargetPolicy = { allowLoopback: false };

/** Decision 013: loopback targets outside production only; never private or reserved ranges. */
export const targetPolicyOf = ({ NODE_ENV }: { NODE_ENV: string }): TargetPolicy => ({
  allowLoopback: NODE_ENV !== "production",
});

type Range = readonly [network: string, prefix: number, name: string];

const LOOPBACK_V4: Range = ["127.0.0.0", 8, "loopback"];
const LOOPBACK_V6: Range = ["::1", 128, "loopback"];

/** IANA IPv4 special-purpose registry, plus multicast (224/4); 240/4 covers 255.255.255.255. */
export const RESERVED_V4: readonly Range[] = [
  ["0.0.0.0", 8, "this network"],
  ["10.0.0.0", 8, "private"],
  ["100.64.0.0", 10, "shared address space (CGNAT)"],
  LOOPBACK_V4,
  ["169.254.0.0", 16, "link-local (cloud metadata)"],
  ["172.16.0.0", 12, "private"],
  ["192.0.0.0", 24, "IETF protocol assignments"],
  ["192.0.2.0", 24, "documentation (TEST-NET-1)"],
  ["192.31.196.0", 24, "AS112-v4"],
  ["192.52.193.0", 24, "AMT"],
  ["192.88.99.0", 24, "deprecated 6to4 relay anycast"],
  ["192.168.0.0", 16, "private"],
  ["192.175.48.0", 24, "direct delegation AS112"],
  ["198.18.0.0", 15, "benchmarking"],
  ["198.51.100.0", 24, "documentation (TEST-NET-2)"],
  ["203.0.113.0", 24, "documentation (TEST-NET-3)"],
  ["224.0.0.0", 4, "multicast"],
  ["240.0.0.0", 4, "reserved, limited broadcast"],
];

/**
 * IANA IPv6 special-purpose registry, plus multicast and deprecated site-local. Every prefix that embeds an
 * IPv4 address (mapped, compatible, NAT64, 6to4, Teredo) is refused whole rather than decoded: none is a
 * plausible webhook receiver, and where the packet ends up depends on translators and relays outside our
 * view. Most of these lie outside 2000::/3 and are refused by that rule already; they are listed so the
 * table reads as the registry does.
 */
export const RESERVED_V6: readonly Range[] = [
  ["::", 128, "unspecified"],
  LOOPBACK_V6,
  ["::ffff:0:0", 96, "IPv4-mapped"],
  ["::", 96, "IPv4-compatible (deprecated)"],
  ["64:ff9b::", 96, "NAT64 well-known prefix"],
  ["64:ff9b:1::", 48, "NAT64 local-use"],
  ["100::", 64, "discard-only"],
  ["100:0:0:1::", 64, "dummy prefix"],
  ["2001::", 23, "IETF protocol assignments (Teredo 2001::/32, benchmarking, ORCHID…)"],
  ["2001:db8::", 32, "documentation"],
  ["2002::", 16, "6to4"],
  ["2620:4f:8000::", 48, "direct delegation AS112"],
  ["3fff::", 20, "documentation"],
  ["5f00::", 16, "segment routing (SRv6) SIDs"],
  ["fc00::", 7, "unique local"],
  ["fe80::", 10, "link-local"],
  ["fec0::", 10, "site-local (deprecated)"],
  ["ff00::", 8, "multicast"],
];

const blockListOf = (ranges: readonly Range[], family: "ipv4" | "ipv6") => {
  const list = new BlockList();
  for (const [network, prefix] of ranges) list.addSubnet(network, prefix, family);
  return list;
};

const reservedV4 = blockListOf(RESERVED_V4, "ipv4");
const reservedV6 = blockListOf(RESERVED_V6, "ipv6");
// Separate lists: one holding IPv4 rules would also match ::ffff:127.0.0.1, which is not the loopback ::1.
const loopbackV4 = blockListOf([LOOPBACK_V4], "ipv4");
const loopbackV6 = blockListOf([LOOPBACK_V6], "ipv6");
// Only 2000::/3 is allocated as global unicast; the rest of the space is reserved by the IETF.
const globalUnicastV6 = blockListOf([["2000::", 3, "global unicast"]], "ipv6");

export type AddressKind = "public" | "loopback" | "reserved";

/** What an IP literal is to the guard; anything that is not an IP literal is "reserved". */
export function classifyAddress(address: string): AddressKind {
  const family = isIP(address);
  if (family === 4) {
    if (loopbackV4.check(address, "ipv4")) return "loopback";
    return reservedV4.check(address, "ipv4") ? "reserved" : "public";
  }
  if (family !== 6) return "reserved";
  if (loopbackV6.check(address, "ipv6")) return "loopback";
  if (!globalUnicastV6.check(address, "ipv6") || reservedV6.check(address, "ipv6")) return "reserved";
  return "public";
}

/** True when `address` (an IP literal) is on the public Internet. */
export const isPublicAddress = (address: string) => classifyAddress(address) === "public";

/** Whether a connection may go to this address under the policy. */
export function isAllowedAddress(address: string, policy: TargetPolicy): boolean {
  const kind = classifyAddress(address);
  return kind === "public" || (kind === "loopback" && policy.allowLoopback);
}

export const TARGET_REFUSED_MESSAGE =
  "Cette adresse de destination n'est pas accessible depuis Internet (adresse locale ou privée) : indiquez une URL publique.";

const refused = (field: string) =>
  new AppError("validation_failed", TARGET_REFUSED_MESSAGE, [
    { path: field, message: TARGET_REFUSED_MESSAGE },
  ]);

/** The host as the socket sees it: `[::1]` is the IPv6 literal `::1`. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

const privateAnswer = (hostname: string) =>
  Object.assign(new Error(`${hostname} résout vers une adresse locale, privée ou réservée`), {
    code: "EPRIVATE",
  });

/** A socket lookup that answers only addresses the policy allows; anything else fails the connection. */
export function guardedLookup(policy: TargetPolicy): LookupFunction {
  return ((hostname, options, callback) => {
    lookup(hostname, { ...options, all: true }, (error, addresses) => {
      const answer = callback as (...args: unknown[]) => void;
      if (error) return answer(error);
      if (addresses.length === 0 || addresses.some(({ address }) => !isAllowedAddress(address, policy)))
        return answer(privateAnswer(hostname));
      const [first] = addresses;
      if (options.all) return answer(null, addresses);
      return answer(null, first?.address, first?.family);
    });
  }) as LookupFunction;
}

/**
 * Refuses (French 400 on `field`) a target that is, or resolves to, an address the policy does not allow. A
 * name that does not resolve now is let through: it reaches nothing, and every delivery's lookup checks it
 * again.
 */
export async function assertReachableTarget(target: string, policy: TargetPolicy, field = "target_url") {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw refused(field);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw refused(field);
  const host = hostOf(url);
  if (isIP(host)) {
    if (!isAllowedAddress(host, policy)) throw refused(field);
    return;
  }
  const addresses = await new Promise<{ address: string }[]>((resolve) =>
    lookup(host, { all: true }, (error, found) => resolve(error ? [] : found)),
  );
  if (addresses.some(({ address }) => !isAllowedAddress(address, policy))) throw refused(field);
}

/** Whether a delivery may connect to this literal host (name targets are checked by guardedLookup). */
export const isLiteralTargetAllowed = (target: URL, policy: TargetPolicy) => {
  const host = hostOf(target);
  return !isIP(host) || isAllowedAddress(host, policy);
};
