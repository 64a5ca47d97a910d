import { describe, expect, it } from "vitest";
import { assertReachableTarget, isPublicAddress, TARGET_REFUSED_MESSAGE } from "./target-url";
import { httpSender } from "./webhook-delivery";

describe("hook targets (SSRF)", () => {
  it("tells public addresses from loopback, private, link-local and reserved ones", () => {
    for (const address of ["93.184.216.34", "8.8.8.8", "2606:4700:4700::1111"])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.5.4",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "::ffff:10.0.0.1",
      "not-an-ip",
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it("refuses, in production, a target that is or resolves to a non-public address, with a French 400", async () => {
    for (const target of [
      "http://127.0.0.1:8080/hook",
      "http://[::1]/hook",
      "http://169.254.169.254/latest/meta-data",
      "http://localhost:3000/hook",
    ]) {
      const refusal = assertReachableTarget(target, { isProduction: true });
      await expect(refusal, target).rejects.toMatchObject({
        code: "validation_failed",
        message: TARGET_REFUSED_MESSAGE,
      });
    }
    await expect(
      assertReachableTarget("http://93.184.216.34/hook", { isProduction: true }),
    ).resolves.toBeUndefined();
  });

  it("allows loopback targets outside production (tests, local tools)", async () => {
    await expect(
      assertReachableTarget("http://127.0.0.1:8080/hook", { isProduction: false }),
    ).resolves.toBeUndefined();
  });

  it("refuses, in production, to connect a delivery to a private address, even through a host name", async () => {
    const send = httpSender({ isProduction: true });
    const request = { headers: {}, body: "{}" };
    await expect(send("http://127.0.0.1:9/hook", request)).rejects.toThrow(/privée/);
    await expect(send("http://localhost:9/hook", request)).rejects.toMatchObject({ code: "EPRIVATE" });
  });
});
