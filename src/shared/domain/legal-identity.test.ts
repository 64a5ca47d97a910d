import { describe, expect, it } from "vitest";
import {
  formatIban,
  hasIndividualEntrepreneurMention,
  invoiceMentions,
  isValidBic,
  isValidIban,
  type LegalIdentityFields,
  missingForInvoicing,
  missingForSetup,
  paymentTermsMention,
  vatMention,
} from "./legal-identity";

const complete: LegalIdentityFields = {
  legalName: "Camille Martin EI",
  siret: "732 829 320 00074",
  addressLine1: "12 rue de la République",
  postalCode: "69002",
  city: "Lyon",
  vatRegime: "franchise",
  paymentTermsDays: 30,
  latePenaltyRate: "3 fois le taux d'intérêt légal",
};

describe("hasIndividualEntrepreneurMention", () => {
  it.each([
    "Camille Martin EI",
    "EI Camille Martin",
    "Camille Martin (E.I.)",
    "Camille Martin, entrepreneur individuel",
  ])("accepts %s", (name) => expect(hasIndividualEntrepreneurMention(name)).toBe(true));
  it.each(["Camille Martin", "Reine Dupont", "Studio EIffel", "ei camille"])("refuses %s", (name) =>
    expect(hasIndividualEntrepreneurMention(name)).toBe(false),
  );
});

describe("missingForInvoicing", () => {
  it("lists everything for an empty identity, in the form's order", () => {
    expect(missingForInvoicing({ legalName: "", vatRegime: "franchise", paymentTermsDays: null })).toEqual([
      "Nom avec la mention EI",
      "SIREN ou SIRET",
      "Adresse",
      "Code postal",
      "Ville",
      "Conditions de paiement",
      "Taux des pénalités de retard",
    ]);
  });

  it("is empty for a complete identity, with a SIREN or a SIRET", () => {
    expect(missingForInvoicing(complete)).toEqual([]);
    expect(missingForInvoicing({ ...complete, siret: null, siren: "732829320" })).toEqual([]);
  });

  it("asks for the EI mention, and for the VAT number only when liable to VAT", () => {
    expect(missingForInvoicing({ ...complete, legalName: "Camille Martin" })).toEqual([
      "Nom avec la mention EI",
    ]);
    expect(missingForInvoicing({ ...complete, vatRegime: "assujetti", vatNumber: "  " })).toEqual([
      "Numéro de TVA (assujetti)",
    ]);
    expect(missingForInvoicing({ ...complete, vatRegime: "assujetti", vatNumber: "FR44732829320" })).toEqual(
      [],
    );
  });

  it("accepts payment on receipt (0 days) but not a missing term", () => {
    expect(missingForInvoicing({ ...complete, paymentTermsDays: 0 })).toEqual([]);
    expect(missingForInvoicing({ ...complete, paymentTermsDays: Number.NaN })).toEqual([
      "Conditions de paiement",
    ]);
  });
});

describe("mentions", () => {
  it("prints the franchise exemption, or the option on debits", () => {
    expect(vatMention({ vatRegime: "franchise" })).toBe("TVA non applicable, art. 293 B du CGI");
    expect(vatMention({ vatRegime: "assujetti" })).toBeNull();
    expect(vatMention({ vatRegime: "assujetti", vatOnDebits: true })).toBe(
      "Option pour le paiement de la taxe d'après les débits",
    );
  });

  it("words the terms on a quote for the invoice that will follow it", () => {
    expect(paymentTermsMention(45, "devis")).toBe(
      "Facture payable à 45 jours à compter de sa date d'émission",
    );
    expect(paymentTermsMention(0, "devis")).toBe("Facture payable à réception");
    expect(paymentTermsMention(1, "devis")).toBe("Facture payable à 1 jour à compter de sa date d'émission");
  });

  it("lists the invoice footer mentions with the defaults", () => {
    expect(invoiceMentions({ ...complete, latePenaltyRate: "" })).toEqual([
      "TVA non applicable, art. 293 B du CGI",
      "Paiement à 30 jours à compter de la date de facture",
      "Pénalités de retard : 3 fois le taux d'intérêt légal",
      "Indemnité forfaitaire pour frais de recouvrement : 40 €",
      "Pas d'escompte pour paiement anticipé",
    ]);
    expect(invoiceMentions({ ...complete, vatRegime: "assujetti", paymentTermsDays: 0 }).slice(0, 1)).toEqual(
      ["Paiement à réception de la facture"],
    );
  });
});

describe("bank details", () => {
  it("checks an IBAN's mod-97 key, with spaces and any case", () => {
    expect(isValidIban("FR76 3000 6000 0112 3456 7890 189")).toBe(true);
    expect(isValidIban("fr7630006000011234567890189")).toBe(true);
    expect(isValidIban("DE89 3704 0044 0532 0130 00")).toBe(true);
    expect(isValidIban("FR76 3000 6000 0112 3456 7890 188")).toBe(false);
    expect(isValidIban("FR76")).toBe(false);
    expect(formatIban("fr7630006000011234567890189")).toBe("FR76 3000 6000 0112 3456 7890 189");
  });

  it("accepts 8- and 11-character BICs only", () => {
    expect(isValidBic("AGRIFRPP")).toBe(true);
    expect(isValidBic("agrifrpp882")).toBe(true);
    expect(isValidBic("AGRIFRPP88")).toBe(false);
    expect(isValidBic("1GRIFRPP")).toBe(false);
  });
});

describe("missingForSetup (the settings' « identité complète » and the dashboard's first step)", () => {
  it("asks for the activity category on top of what invoicing needs", () => {
    expect(missingForSetup(complete)).toEqual(["Catégorie d'activité"]);
    expect(missingForSetup({ ...complete, activityCategory: "bnc" })).toEqual([]);
    expect(missingForSetup({ ...complete, siret: "", activityCategory: "bnc" })).toEqual(["SIREN ou SIRET"]);
  });
});
