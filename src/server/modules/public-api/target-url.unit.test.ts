import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import {
  assertReachableTarget,
  guardedLookup,
  isAllowedAddress,
  PUBLIC_ONLY,
  TARGET_REFUSED_MESSAGE,
  type TargetPolicy,
  targetPolicyOf,
} from "./target-url";
import { httpSender } from "./webhook-delivery";

const LOOPBACK_ALLOWED: TargetPolicy = { allowLoopback: true };

/**
 * Every range of the IANA IPv4 and IPv6 special-purpose registries and of the OWASP SSRF cheat sheet, each
 * with an address inside, its last address (the edge), and where it exists a public neighbour just outside
 * that must pass. Written from the registries, not from the guard's own table.
 */
const RANGES: { range: string; inside: string[]; outside?: string[] }[] = [
  { range: "0.0.0.0/8", inside: ["0.0.0.0", "0.255.255.255"], outside: ["1.0.0.0"] },
  { range: "10.0.0.0/8", inside: ["10.0.0.1", "10.255.255.255"], outside: ["9.255.255.255", "11.0.0.0"] },
  {
    range: "100.64.0.0/10",
    inside: ["100.64.0.0", "100.127.255.255"],
    outside: ["100.63.255.255", "100.128.0.0"],
  },
  {
    range: "169.254.0.0/16",
    inside: ["169.254.169.254", "169.254.255.255"],
    outside: ["169.253.255.255", "169.255.0.0"],
  },
  {
    range: "172.16.0.0/12",
    inside: ["172.16.0.0", "172.31.255.255"],
    outside: ["172.15.255.255", "172.32.0.0"],
  },
  { range: "192.0.0.0/24", inside: ["192.0.0.1", "192.0.0.255"], outside: ["192.0.1.0"] },
  { range: "192.0.2.0/24", inside: ["192.0.2.1", "192.0.2.255"], outside: ["192.0.3.0"] },
  { range: "192.31.196.0/24", inside: ["192.31.196.1", "192.31.196.255"], outside: ["192.31.197.0"] },
  { range: "192.52.193.0/24", inside: ["192.52.193.1", "192.52.193.255"], outside: ["192.52.194.0"] },
  {
    range: "192.88.99.0/24",
    inside: ["192.88.99.1", "192.88.99.255"],
    outside: ["192.88.98.255", "192.88.100.0"],
  },
  {
    range: "192.168.0.0/16",
    inside: ["192.168.0.1", "192.168.255.255"],
    outside: ["192.167.255.255", "192.169.0.0"],
  },
  { range: "192.175.48.0/24", inside: ["192.175.48.1", "192.175.48.255"], outside: ["192.175.49.0"] },
  {
    range: "198.18.0.0/15",
    inside: ["198.18.0.0", "198.19.255.255"],
    outside: ["198.17.255.255", "198.20.0.0"],
  },
  { range: "198.51.100.0/24", inside: ["198.51.100.1", "198.51.100.255"], outside: ["198.51.101.0"] },
  { range: "203.0.113.0/24", inside: ["203.0.113.1", "203.0.113.255"], outside: ["203.0.114.0"] },
  { range: "224.0.0.0/4", inside: ["224.0.0.1", "239.255.255.255"], outside: ["223.255.255.255"] },
  { range: "240.0.0.0/4", inside: ["240.0.0.1", "255.255.255.254"] },
  { range: "255.255.255.255/32", inside: ["255.255.255.255"] },
  { range: "::/128", inside: ["::", "0:0:0:0:0:0:0:0"] },
  {
    range: "::ffff:0:0/96 (IPv4-mapped)",
    inside: ["::ffff:0.0.0.0", "::ffff:255.255.255.255", "::ffff:8.8.8.8"],
  },
  { range: "::/96 (IPv4-compatible)", inside: ["::2", "::8.8.8.8", "::255.255.255.255"] },
  { range: "64:ff9b::/96 (NAT64)", inside: ["64:ff9b::808:808", "64:ff9b::ffff:ffff"] },
  { range: "64:ff9b:1::/48 (NAT64 local)", inside: ["64:ff9b:1::1", "64:ff9b:1:ffff:ffff:ffff:ffff:ffff"] },
  { range: "100::/64 (discard)", inside: ["100::", "100::ffff:ffff:ffff:ffff"] },
  { range: "100:0:0:1::/64 (dummy)", inside: ["100:0:0:1::1", "100::1:ffff:ffff:ffff:ffff"] },
  {
    range: "2001::/23 (IETF protocol assignments)",
    inside: ["2001:2::1", "2001:1ff:ffff:ffff:ffff:ffff:ffff:ffff"],
    outside: ["2001:200::1"],
  },
  {
    range: "2001::/32 (Teredo)",
    inside: ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "2001:0:ffff:ffff:ffff:ffff:ffff:ffff"],
  },
  {
    range: "2001:db8::/32 (documentation)",
    inside: ["2001:db8::1", "2001:db8:ffff:ffff:ffff:ffff:ffff:ffff"],
    outside: ["2001:db9::1"],
  },
  {
    range: "2002::/16 (6to4)",
    inside: ["2002::", "2002:808:808::1", "2002:ffff:ffff:ffff:ffff:ffff:ffff:ffff"],
    outside: ["2003::1"],
  },
  {
    range: "2620:4f:8000::/48 (AS112)",
    inside: ["2620:4f:8000::1", "2620:4f:8000:ffff:ffff:ffff:ffff:ffff"],
    outside: ["2620:4f:8001::1"],
  },
  {
    range: "3fff::/20 (documentation)",
    inside: ["3fff::1", "3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff"],
    outside: ["3fff:1000::1"],
  },
  { range: "5f00::/16 (SRv6)", inside: ["5f00::1", "5f00:ffff:ffff:ffff:ffff:ffff:ffff:ffff"] },
  {
    range: "fc00::/7 (unique local)",
    inside: ["fc00::1", "fd00::1", "fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"],
  },
  { range: "fe80::/10 (link-local)", inside: ["fe80::1", "febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff"] },
  { range: "fec0::/10 (site-local)", inside: ["fec0::1", "feff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"] },
  { range: "ff00::/8 (multicast)", inside: ["ff02::1", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff"] },
  { range: "outside 2000::/3 (unallocated)", inside: ["4000::1", "e000::1", "1000::1"] },
];

/** Private or metadata IPv4 hidden inside IPv6: each embedding the registries define. */
const EMBEDDED_PRIVATE_V4 = [
  "::ffff:169.254.169.254", // mapped
  "::ffff:a00:1", // mapped 10.0.0.1, as the URL parser writes it
  "::169.254.169.254", // compatible
  "::a00:1", // compatible 10.0.0.1
  "64:ff9b::a9fe:a9fe", // NAT64 169.254.169.254
  "64:ff9b:1::c0a8:101", // NAT64 local-use 192.168.1.1
  "2002:a9fe:a9fe::1", // 6to4 169.254.169.254
  "2002:c0a8:101::1", // 6to4 192.168.1.1
  "2002:7f00:1::1", // 6to4 127.0.0.1
  "2001:0:a00:1::f5ff:fffe", // Teredo, server 10.0.0.1, client 10.0.0.1 (obfuscated)
];

/** Loopback in its two registries' forms, and what is not loopback although it embeds 127.0.0.1. */
const LOOPBACK = ["127.0.0.1", "127.255.255.255", "::1", "0:0:0:0:0:0:0:1"];
const EMBEDDED_LOOPBACK = ["::ffff:127.0.0.1", "::ffff:7f00:1", "::127.0.0.1", "64:ff9b::7f00:1"];

const PUBLIC = [
  "8.8.8.8",
  "1.1.1.1",
  "93.184.216.34",
  "126.255.255.255",
  "128.0.0.0",
  "2606:4700:4700::1111",
  "2001:4860:4860::8888",
  "2a00:1450:4007:80e::200e",
];

const refusal = { code: "validation_failed", message: TARGET_REFUSED_MESSAGE };

describe("SSRF guard: addresses", () => {
  it.each(RANGES)(
    "refuses $range in every mode, and lets its public neighbours through",
    ({ inside, outside = [] }) => {
      for (const address of inside) {
        expect(isAllowedAddress(address, PUBLIC_ONLY), address).toBe(false);
        expect(isAllowedAddress(address, LOOPBACK_ALLOWED), address).toBe(false);
      }
      for (const address of outside) expect(isAllowedAddress(address, PUBLIC_ONLY), address).toBe(true);
    },
  );

  it("refuses private and metadata IPv4 addresses embedded in IPv6, in every mode", () => {
    for (const address of [...EMBEDDED_PRIVATE_V4, ...EMBEDDED_LOOPBACK]) {
      expect(isAllowedAddress(address, PUBLIC_ONLY), address).toBe(false);
      expect(isAllowedAddress(address, LOOPBACK_ALLOWED), address).toBe(false);
    }
  });

  it("allows loopback only when the policy says so", () => {
    for (const address of LOOPBACK) {
      expect(isAllowedAddress(address, PUBLIC_ONLY), address).toBe(false);
      expect(isAllowedAddress(address, LOOPBACK_ALLOWED), address).toBe(true);
    }
  });

  it("lets public addresses through, and refuses what is not an address", () => {
    for (const address of PUBLIC) expect(isAllowedAddress(address, PUBLIC_ONLY), address).toBe(true);
    for (const address of ["not-an-ip", "", "127.0.0.1.", "1.2.3"])
      expect(isAllowedAddress(address, LOOPBACK_ALLOWED), address).toBe(false);
  });

  it("derives the policy once from NODE_ENV: loopback outside production only", () => {
    expect(targetPolicyOf({ NODE_ENV: "production" })).toEqual({ allowLoopback: false });
    expect(targetPolicyOf({ NODE_ENV: "development" })).toEqual({ allowLoopback: true });
    expect(targetPolicyOf({ NODE_ENV: "test" })).toEqual({ allowLoopback: true });
  });
});

describe("SSRF guard: target URLs", () => {
  it("refuses private, reserved and embedded targets with a French 400 in every mode", async () => {
    for (const target of [
      "http://10.0.0.1/hook",
      "http://169.254.169.254/latest/meta-data",
      "http://192.88.99.1/hook",
      "http://0.0.0.0:8080/hook",
      "http://[fd00::1]/hook",
      "http://[::ffff:10.0.0.1]/hook",
      "http://[::ffff:127.0.0.1]/hook",
      "http://[::10.0.0.1]/hook",
      "http://[2002:a9fe:a9fe::1]/hook",
      "http://[64:ff9b:1::a00:1]/hook",
      "http://[2001:0:a00:1::f5ff:fffe]/hook",
      "ftp://93.184.216.34/hook",
    ])
      for (const policy of [PUBLIC_ONLY, LOOPBACK_ALLOWED])
        await expect(assertReachableTarget(target, policy), target).rejects.toMatchObject(refusal);
  });

  it("reads the odd IPv4 spellings as the URL parser does: decimal, octal, hex, short forms", async () => {
    // WHATWG URL turns each of these into 127.0.0.1 (or 169.254.169.254, 10.0.0.1) before the guard reads it.
    const loopbackSpellings = [
      "http://2130706433/hook",
      "http://0x7f000001/hook",
      "http://017700000001/hook",
      "http://0177.0.0.1/hook",
      "http://0x7f.0.0.1/hook",
      "http://127.1/hook",
      "http://0x7f.1/hook",
      "http://127.0.0.1./hook",
      "http://%31%32%37.0.0.1/hook",
      "http://[0:0:0:0:0:0:0:1]/hook",
    ];
    for (const target of loopbackSpellings) {
      expect(new URL(target).hostname, target).toMatch(/^(127\.0\.0\.1|\[::1\])$/);
      await expect(assertReachableTarget(target, PUBLIC_ONLY), target).rejects.toMatchObject(refusal);
      await expect(assertReachableTarget(target, LOOPBACK_ALLOWED), target).resolves.toBeUndefined();
    }
    for (const target of [
      "http://2852039166/",
      "http://0xa9fea9fe/",
      "http://0251.0376.0251.0376/",
      "http://10.1/",
      "http://0/",
    ])
      await expect(assertReachableTarget(target, LOOPBACK_ALLOWED), target).rejects.toMatchObject(refusal);
  });

  it("refuses a name that resolves to loopback unless loopback is allowed", async () => {
    await expect(assertReachableTarget("http://localhost:3000/hook", PUBLIC_ONLY)).rejects.toMatchObject(
      refusal,
    );
    await expect(
      assertReachableTarget("http://localhost:3000/hook", LOOPBACK_ALLOWED),
    ).resolves.toBeUndefined();
  });

  it("lets public targets through", async () => {
    for (const target of ["http://93.184.216.34/hook", "https://[2606:4700:4700::1111]/hook"])
      await expect(assertReachableTarget(target, PUBLIC_ONLY), target).resolves.toBeUndefined();
  });
});

describe("SSRF guard: deliveries", () => {
  const request = { headers: {}, body: "{}" };

  it("refuses to connect to a literal private address, in every mode", async () => {
    for (const policy of [PUBLIC_ONLY, LOOPBACK_ALLOWED]) {
      const send = httpSender(policy);
      for (const target of ["http://10.0.0.1:9/hook", "http://[::ffff:7f00:1]:9/hook", "http://0.0.0.0:9/"])
        await expect(send(target, request), target).rejects.toThrow(/privée/);
    }
    await expect(httpSender(PUBLIC_ONLY)("http://127.0.0.1:9/hook", request)).rejects.toThrow(/privée/);
  });

  it("checks every answer inside the socket's lookup, so a name cannot lead to a refused address", async () => {
    await expect(httpSender(PUBLIC_ONLY)("http://localhost:9/hook", request)).rejects.toMatchObject({
      code: "EPRIVATE",
    });
    // The lookup itself, as the socket calls it (an address as the name answers itself).
    const lookup = guardedLookup(LOOPBACK_ALLOWED);
    const answer = (name: string) =>
      new Promise((resolve) =>
        lookup(name, { all: true }, (error, addresses) => resolve(error ?? addresses)),
      );
    expect(await answer("10.0.0.1")).toMatchObject({ code: "EPRIVATE" });
    expect(await answer("169.254.169.254")).toMatchObject({ code: "EPRIVATE" });
    expect(await answer("127.0.0.1")).toEqual([{ address: "127.0.0.1", family: 4 }]);
  });

  it("delivers to loopback where allowed, and does not follow a redirect", async () => {
    const hits: string[] = [];
    const server = createServer((incoming, response) => {
      hits.push(incoming.url ?? "");
      if (incoming.url === "/hook") {
        response.writeHead(302, { location: "/elsewhere" });
        return response.end();
      }
      response.end("ok");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const send = httpSender(LOOPBACK_ALLOWED);
      expect(await send(`http://127.0.0.1:${port}/hook`, request)).toBe(302);
      expect(await send(`http://localhost:${port}/other`, request)).toBe(200);
      expect(hits).toEqual(["/hook", "/other"]);
    } finally {
      server.close();
    }
  });
});
