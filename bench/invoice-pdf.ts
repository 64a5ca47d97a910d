import { renderCommercialDocumentPdf } from "../src/server/pdf/commercial-document-pdf";
import { buildCommercialDocument } from "../src/shared/domain/commercial-document";

/** Milliseconds per invoice PDF after warm-up (fonts loaded, code hot), a 12-line document. */
export async function measureInvoicePdf(): Promise<number> {
  const address = {
    line1: "12 rue des Lilas",
    line2: null,
    postalCode: "69003",
    city: "Lyon",
    country: "FR",
  };
  const invoice = buildCommercialDocument({
    kind: "facture" as const,
    number: "INV-2026-0042",
    date: "2026-11-21",
    serviceDate: "2026-11-21",
    serviceEndDate: null,
    dueDate: "2026-12-21",
    seller: {
      legalName: "Camille Martin EI",
      companyName: "Studio Martin",
      siren: "732829320",
      siret: null,
      apeCode: "7410Z",
      registrationMention: null,
      address,
      email: "camille@example.fr",
      phone: null,
      vatRegime: "assujetti" as const,
      vatNumber: "FR44732829320",
      vatOnDebits: false,
      iban: "FR7630006000011234567890189",
      bic: "AGRIFRPP",
      latePenaltyRate: "3 fois le taux d'intérêt légal",
      earlyPaymentDiscount: null,
    },
    buyer: {
      name: "Dupont SARL",
      company: "Dupont SARL",
      contactName: null,
      email: null,
      siren: null,
      siret: null,
      vatNumber: null,
      isBusiness: true,
      address,
    },
    lines: Array.from({ length: 12 }, (_, index) => ({
      description: `Prestation ${index + 1} : développement et accompagnement`,
      quantity: 1.5,
      unit: "jour",
      unitPriceCents: 45000,
      vatRateBp: index % 2 ? 2000 : 1000,
    })),
    paidCents: 0,
    paymentTerms: "Paiement à 30 jours",
    notes: null,
    precedingInvoice: null,
    operationNature: "services",
    vatExemption: null,
    deliveryAddress: null,
  });
  for (let warm = 0; warm < 5; warm++)
    await renderCommercialDocumentPdf(invoice, { footer: null, logo: null });
  const runs = 40;
  const started = performance.now();
  for (let run = 0; run < runs; run++)
    await renderCommercialDocumentPdf(invoice, { footer: null, logo: null });
  return Math.round(((performance.now() - started) / runs) * 10) / 10;
}
