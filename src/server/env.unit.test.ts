import { describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "./env";

describe("parseEnv", () => {
  it("runs with no configuration at all on the local defaults", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 3000, NODE_ENV: "development", appUrl: "http://localhost:3000" });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.dataDir).toMatch(/\/data$/);
  });

  it("names every faulty variable in French", () => {
    const error = (() => {
      try {
        parseEnv({ PORT: "trois-mille", DATABASE_URL: "mysql://user:secret@db/app", LOG_LEVEL: "bavard" });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(EnvError);
    const message = (error as EnvError).message;
    expect(message).toContain("Configuration invalide");
    expect(message).toContain("PORT");
    expect(message).toContain("DATABASE_URL doit être une URL postgres:// ou postgresql://");
    expect(message).toContain("LOG_LEVEL");
    // A URL may hold a password: it is never echoed.
    expect(message).not.toContain("secret");
  });

  it("requires the webhook secret with a Stripe key", () => {
    expect(() => parseEnv({ STRIPE_SECRET_KEY: "sk_test_123" })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it("reads TRUSTED_ORIGINS as a list of origins and refuses anything else, naming the item", () => {
    expect(
      parseEnv({ TRUSTED_ORIGINS: " https://app.exemple.fr , http://admin.exemple.fr:8080/ " })
        .TRUSTED_ORIGINS,
    ).toEqual(["https://app.exemple.fr", "http://admin.exemple.fr:8080"]);
    expect(parseEnv({}).TRUSTED_ORIGINS).toEqual([]);
    for (const bad of [
      "app.exemple.fr",
      "https://app.exemple.fr/chemin",
      "ftp://exemple.fr",
      "https://a:b@exemple.fr",
    ]) {
      expect(() => parseEnv({ TRUSTED_ORIGINS: bad })).toThrow(
        /TRUSTED_ORIGINS doit être une liste d'origines/,
      );
    }
  });

  it("refuses to start in production without SMTP_URL unless the database-only outbox is chosen", () => {
    const production = { NODE_ENV: "production", BETTER_AUTH_SECRET: "x".repeat(32) };
    expect(() => parseEnv(production)).toThrow(/SMTP_URL est requis en production/);
    expect(parseEnv({ ...production, SMTP_URL: "smtps://u:p@smtp.exemple.fr:465" }).SMTP_URL).toBeDefined();
    expect(parseEnv({ ...production, ALLOW_LOCAL_OUTBOX: "true" }).ALLOW_LOCAL_OUTBOX).toBe(true);
  });

  it("refuses real Stripe payments in production without the operator's identity, and a partial identity", () => {
    const production = {
      NODE_ENV: "production",
      BETTER_AUTH_SECRET: "x".repeat(32),
      ALLOW_LOCAL_OUTBOX: "true",
      STRIPE_SECRET_KEY: "sk_live_123",
      STRIPE_WEBHOOK_SECRET: "whsec_123",
    };
    const operator = {
      OPERATOR_LEGAL_NAME: "Ardoise Logiciels",
      OPERATOR_LEGAL_FORM: "SAS",
      OPERATOR_SIREN: "912 345 678",
      OPERATOR_ADDRESS: "8 rue des Lilas, 69003 Lyon",
    };
    expect(() => parseEnv(production)).toThrow(
      /OPERATOR_LEGAL_NAME est requis en production avec STRIPE_SECRET_KEY : la facture de l'inscription doit nommer son vendeur/,
    );
    const parsed = parseEnv({ ...production, ...operator });
    expect(parsed.OPERATOR_SIREN).toBe("912345678");
    expect(parsed.OPERATOR_VAT_NUMBER).toBeUndefined();
    // The local test checkout needs none: its invoice is a marked test document.
    expect(parseEnv({}).OPERATOR_LEGAL_NAME).toBeUndefined();
    expect(() => parseEnv({ OPERATOR_LEGAL_NAME: "Ardoise Logiciels" })).toThrow(
      /OPERATOR_SIREN est requis avec OPERATOR_LEGAL_NAME/,
    );
    expect(() => parseEnv({ ...operator, OPERATOR_SIREN: "1234" })).toThrow(
      /OPERATOR_SIREN doit compter 9 chiffres/,
    );
    expect(() => parseEnv({ ...operator, OPERATOR_VAT_NUMBER: "12 34" })).toThrow(/OPERATOR_VAT_NUMBER/);
  });
});
