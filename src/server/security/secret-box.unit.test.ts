import { describe, expect, it } from "vitest";
import { createSecretBox } from "./secret-box";

describe("secret box", () => {
  const box = createSecretBox("a-server-secret-of-at-least-32-characters");

  it("opens what it sealed, and the sealed text does not contain the secret", () => {
    const sealed = box.seal("0123456789abcdef0123456789abcdef-us21", "mailchimp:u1");
    expect(sealed).not.toContain("0123456789abcdef");
    expect(box.open(sealed, "mailchimp:u1")).toBe("0123456789abcdef0123456789abcdef-us21");
    expect(box.seal("same", "c")).not.toBe(box.seal("same", "c"));
  });

  it("refuses another context, another server secret and a tampered value", () => {
    const sealed = box.seal("secret", "mailchimp:u1");
    expect(box.open(sealed, "mailchimp:u2")).toBeNull();
    expect(
      createSecretBox("another-server-secret-of-32-characters!!").open(sealed, "mailchimp:u1"),
    ).toBeNull();
    const [version, iv, body] = sealed.split(".");
    const flipped = Buffer.from(body ?? "", "base64url");
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    expect(box.open(`${version}.${iv}.${flipped.toString("base64url")}`, "mailchimp:u1")).toBeNull();
    expect(box.open("not sealed", "mailchimp:u1")).toBeNull();
  });
});
