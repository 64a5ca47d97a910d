import type { Auth } from "@server/auth/auth";
import type { Db } from "@server/db/client";
import { profiles, user } from "@server/db/schema/index";
import { ensureProfile } from "@server/modules/profile/profile.service";
import { updateIdentitySettings } from "@server/modules/settings/settings.service";
import { frenchVatNumber, hasValidLuhn } from "@shared/domain/identifiers";
import { updateBusinessIdentityInput } from "@shared/schemas/settings";
import { eq } from "drizzle-orm";

export const DEMO_EMAIL = "demo@ardoise.localhost";
export const DEMO_PASSWORD = "Ardoise-Demo-2026";

/** Appends the digit that makes the number pass the Luhn check (SIREN and SIRET keys). */
export function withLuhnKey(prefix: string): string {
  const key = [..."0123456789"].find((digit) => hasValidLuhn(`${prefix}${digit}`));
  if (key === undefined) throw new Error("no Luhn key");
  return `${prefix}${key}`;
}

/** A SIREN with a valid key, so the demo's identities pass the same checks as real ones. */
export const siren = (base: number) => withLuhnKey(String(10_000_000 + (base % 80_000_000)).padStart(8, "0"));

const SELLER_SIREN = siren(732_829);

/**
 * Replaces the demo account: deleting the user cascades to every row it owns, then it signs up again
 * through better-auth (the real password hashing), verified and paid, with a complete seller identity.
 * The seller charges VAT: a year of this size is far above the franchise threshold (art. 293 B du CGI).
 */
export async function createDemoAccount(db: Db, auth: Auth) {
  await db.delete(user).where(eq(user.email, DEMO_EMAIL));
  await auth.api.signUpEmail({
    body: { email: DEMO_EMAIL, password: DEMO_PASSWORD, name: "Camille Martin" },
  });
  const [account] = await db
    .update(user)
    .set({ emailVerified: true })
    .where(eq(user.email, DEMO_EMAIL))
    .returning();
  if (!account) throw new Error("demo account was not created");
  const userId = account.id;
  await ensureProfile(db, { id: userId, email: DEMO_EMAIL, name: account.name });
  await db
    .update(profiles)
    .set({
      subscriptionStatus: "active",
      jobTitle: "Développeuse web et designer freelance",
      skills: ["WordPress", "React", "Figma", "SEO", "Accessibilité"],
    })
    .where(eq(profiles.id, userId));
  await updateIdentitySettings(db, {
    userId,
    input: updateBusinessIdentityInput.parse({
      legalName: "Camille Martin EI",
      companyName: "Studio Martin",
      siren: "",
      siret: withLuhnKey(`${SELLER_SIREN}0001`),
      apeCode: "6201Z",
      addressLine1: "12 rue des Lilas",
      postalCode: "69003",
      city: "Lyon",
      country: "FR",
      email: "contact@studio-martin.example",
      vatRegime: "assujetti",
      vatNumber: frenchVatNumber(SELLER_SIREN),
      iban: "FR7630006000011234567890189",
      bic: "AGRIFRPP",
      paymentTermsDays: 30,
      quoteValidityDays: 30,
      latePenaltyRate: "3 fois le taux d'intérêt légal",
      earlyPaymentDiscount: "Pas d'escompte pour paiement anticipé",
      registrationMention: "",
      activityCategory: "bnc",
      addressLine2: "",
      phone: "04 78 12 34 56",
      website: "https://studio-martin.example",
      vatOnDebits: false,
      invoiceFooter: "Merci de votre confiance.",
    }),
  });
  return userId;
}
