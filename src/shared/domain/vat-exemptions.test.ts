import { updateBusinessIdentityInput } from "@shared/schemas/settings";
import { describe, expect, it } from "vitest";
import { missingForInvoicing, registrationLine, registrationMentionProblem } from "./legal-identity";
import { applicableExemption, buyerSirenProblem, exemptionProblem } from "./vat-exemptions";

const belgian = {
  name: "Brasserie Lambic",
  siren: null,
  siret: null,
  vatNumber: "BE0123456749",
  isBusiness: true,
  country: "BE",
};

describe("exemptions and the buyer's identifiers", () => {
  it("allows reverse charge to an EU business with its VAT number, at 0 % only", () => {
    expect(exemptionProblem("autoliquidation", { buyer: belgian, ratesBp: [0] })).toBeNull();
    expect(exemptionProblem("autoliquidation", { buyer: belgian, ratesBp: [0, 2000] })).toMatch(
      /toutes les lignes doivent être à 0 %/,
    );
    expect(
      exemptionProblem("autoliquidation", {
        buyer: { ...belgian, vatNumber: null },
        ratesBp: [0],
      }),
    ).toMatch(/numéro de TVA intracommunautaire du client « Brasserie Lambic »/);
  });

  it("gives the law's exemption: reverse charge under the franchise for EU services, 259-1 for services exports", () => {
    const swiss = { isBusiness: true, country: "CH" };
    const franchise = { chosen: null, isFranchise: true } as const;
    expect(applicableExemption({ ...franchise, nature: "services", buyer: belgian })).toBe("autoliquidation");
    // Goods, a consumer, a French client: the franchise's art. 293 B stays.
    expect(applicableExemption({ ...franchise, nature: "biens", buyer: belgian })).toBeNull();
    expect(
      applicableExemption({ ...franchise, nature: "services", buyer: { ...belgian, isBusiness: false } }),
    ).toBeNull();
    expect(
      applicableExemption({ ...franchise, nature: "services", buyer: { ...belgian, country: "FR" } }),
    ).toBeNull();
    const registered = { isFranchise: false, chosen: "exportation" } as const;
    expect(applicableExemption({ ...registered, nature: "services", buyer: swiss })).toBe(
      "prestation-hors-ue",
    );
    expect(applicableExemption({ ...registered, nature: "biens", buyer: swiss })).toBe("exportation");
    expect(
      exemptionProblem("prestation-hors-ue", {
        buyer: { ...belgian, country: "CH", isBusiness: false },
        ratesBp: [0],
      }),
    ).toMatch(/doit être une entreprise/);
  });

  it("lets an art. 261 exemption sit beside taxed lines, but not alone without a 0 % line", () => {
    const french = { ...belgian, country: "FR", vatNumber: null, siren: "732829320" };
    expect(
      exemptionProblem("formation-professionnelle", {
        buyer: french,
        ratesBp: [0, 2000],
      }),
    ).toBeNull();
    expect(exemptionProblem("formation-professionnelle", { buyer: french, ratesBp: [2000] })).toMatch(
      /aucune ligne n'est à 0 %/,
    );
  });

  it("needs a Luhn-valid SIREN (or SIRET) for a French business only", () => {
    const french = { ...belgian, country: "FR", vatNumber: null };
    expect(buyerSirenProblem(french)).toMatch(/renseignez son SIREN/);
    expect(buyerSirenProblem({ ...french, siren: "732 829 321" })).toMatch(/\(732829321\) n'est pas valide/);
    expect(buyerSirenProblem({ ...french, siret: "73282932000074" })).toBeNull();
    expect(buyerSirenProblem({ ...french, isBusiness: false })).toBeNull();
    expect(buyerSirenProblem(belgian)).toBeNull();
  });
});

describe("RCS / RM mention", () => {
  it("is required and checked for commerçants and artisans, not for liberal professions", () => {
    expect(registrationMentionProblem({ activityCategory: "vente", registrationMention: "" })).toMatch(/RCS/);
    expect(
      registrationMentionProblem({ activityCategory: "vente", registrationMention: "RCS Lyon" }),
    ).toBeNull();
    expect(
      registrationMentionProblem({ activityCategory: "services-bic", registrationMention: "RM 69" }),
    ).toBeNull();
    expect(
      registrationMentionProblem({
        activityCategory: "services-bic",
        registrationMention: "Dispensé d'immatriculation au RCS et au RM",
      }),
    ).toBeNull();
    expect(
      registrationMentionProblem({ activityCategory: "vente", registrationMention: "Lyon" }),
    ).not.toBeNull();
    expect(registrationMentionProblem({ activityCategory: "bnc", registrationMention: "" })).toBeNull();
    expect(missingForInvoicing({ activityCategory: "vente" })).toContain(
      "Mention RCS / RM (commerçant ou artisan)",
    );
  });

  it("prints the SIREN after the register and city", () => {
    expect(registrationLine({ registrationMention: "RCS Lyon", siren: "732829320", siret: null })).toBe(
      "RCS Lyon 732 829 320",
    );
    expect(
      registrationLine({ registrationMention: "RCS Lyon 732 829 320", siren: "732829320", siret: null }),
    ).toBe("RCS Lyon 732 829 320");
  });

  it("the settings form refuses a malformed mention for a trader, with the French message", () => {
    const identity = {
      legalName: "Marc Leroy EI",
      companyName: "",
      siren: "",
      siret: "",
      apeCode: "",
      registrationMention: "Chambre des métiers",
      activityCategory: "services-bic",
      addressLine1: "",
      addressLine2: "",
      postalCode: "",
      city: "",
      country: "FR",
      email: "",
      phone: "",
      website: "",
      vatRegime: "franchise",
      vatNumber: "",
      vatOnDebits: false,
      iban: "",
      bic: "",
      paymentTermsDays: 30,
      latePenaltyRate: "3 fois le taux d'intérêt légal",
      earlyPaymentDiscount: "",
      quoteValidityDays: 30,
      invoiceFooter: "",
    };
    const refused = updateBusinessIdentityInput.safeParse(identity);
    expect(refused.error?.issues.map((issue) => issue.message)).toContain(
      "Commerçant ou artisan : indiquez « RCS » ou « RM » suivi de la ville d'immatriculation (par ex. « RCS Lyon »), ou « Dispensé d'immatriculation au RCS et au RM ».",
    );
    expect(
      updateBusinessIdentityInput.safeParse({ ...identity, registrationMention: "RM Lyon" }).success,
    ).toBe(true);
  });
});
