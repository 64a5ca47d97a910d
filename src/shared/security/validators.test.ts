import { describe, expect, it } from "vitest";
import {
  EMAIL_MAX_LENGTH,
  emailSchema,
  httpUrlSchema,
  INVALID_EMAIL_MESSAGE,
  INVALID_URL_MESSAGE,
  isValidEmail,
  isValidUrl,
} from "./validators";

describe("isValidEmail", () => {
  it.each(["jean@exemple.fr", "jean.dupont+devis@sous.domaine.fr", "a@b.c", "élodie@café.fr"])(
    "accepts %s",
    (email) => {
      expect(isValidEmail(email)).toBe(true);
    },
  );

  it.each([
    "",
    "jean",
    "jean@",
    "@exemple.fr",
    "jean@exemple",
    "jean@@exemple.fr",
    "jean dupont@exemple.fr",
    " jean@exemple.fr",
  ])("refuses %j", (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it("accepts 254 characters and refuses 255", () => {
    expect(EMAIL_MAX_LENGTH).toBe(254);
    const domain = "@exemple.fr";
    expect(isValidEmail(`${"a".repeat(254 - domain.length)}${domain}`)).toBe(true);
    expect(isValidEmail(`${"a".repeat(255 - domain.length)}${domain}`)).toBe(false);
  });
});

describe("isValidUrl", () => {
  it.each([
    "http://exemple.fr",
    "https://exemple.fr/devis?id=3#haut",
    "HTTPS://EXEMPLE.FR",
    "http://localhost:3000",
  ])("accepts %s", (url) => {
    expect(isValidUrl(url)).toBe(true);
  });

  it.each([
    "",
    "exemple.fr",
    "ftp://exemple.fr",
    "javascript:alert(1)",
    "data:text/html,x",
    "mailto:jean@exemple.fr",
    "file:///etc/passwd",
    "http://",
  ])("refuses %j", (url) => {
    expect(isValidUrl(url)).toBe(false);
  });
});

describe("emailSchema", () => {
  it("trims and keeps the case", () => {
    expect(emailSchema.parse("  Jean.Dupont@Exemple.fr ")).toBe("Jean.Dupont@Exemple.fr");
  });

  it("refuses with the French message", () => {
    const result = emailSchema.safeParse("jean@exemple");
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([INVALID_EMAIL_MESSAGE]);
    expect(INVALID_EMAIL_MESSAGE).toBe("Adresse e-mail invalide");
  });

  it("asks for the address when the field is empty, with that message alone", () => {
    for (const empty of ["", "   "])
      expect(emailSchema.safeParse(empty).error?.issues.map((issue) => issue.message)).toEqual([
        "Indiquez votre adresse e-mail.",
      ]);
  });
});

describe("httpUrlSchema", () => {
  it("trims and accepts http and https", () => {
    expect(httpUrlSchema.parse(" https://exemple.fr ")).toBe("https://exemple.fr");
  });

  it("refuses other schemes with the French message", () => {
    const result = httpUrlSchema.safeParse("javascript:alert(1)");
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([INVALID_URL_MESSAGE]);
  });
});
