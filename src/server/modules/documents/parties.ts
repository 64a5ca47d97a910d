import type { businessIdentities, clients, InvoiceBuyer, InvoiceSeller } from "../../db/schema/index";

// The two parties of a commercial document: an invoice freezes them at issue, a quote prints them as
// they are today. One mapping, so both read the same identity.

export function sellerOf(identity: typeof businessIdentities.$inferSelect): InvoiceSeller {
  return {
    legalName: identity.legalName,
    companyName: identity.companyName,
    siren: identity.siren,
    siret: identity.siret,
    apeCode: identity.apeCode,
    registrationMention: identity.registrationMention,
    address: {
      line1: identity.addressLine1,
      line2: identity.addressLine2,
      postalCode: identity.postalCode,
      city: identity.city,
      country: identity.country,
    },
    email: identity.email,
    phone: identity.phone,
    vatRegime: identity.vatRegime,
    vatNumber: identity.vatNumber,
    vatOnDebits: identity.vatOnDebits,
    iban: identity.iban,
    bic: identity.bic,
    latePenaltyRate: identity.latePenaltyRate,
    earlyPaymentDiscount: identity.earlyPaymentDiscount,
    insurance: identity.insurance,
  };
}

/** The client record's identity, or only the typed name when the document is not linked to one. */
export function buyerOf(
  document: { clientName: string },
  client: typeof clients.$inferSelect | undefined,
): InvoiceBuyer {
  return {
    name: client?.name ?? document.clientName,
    company: client?.company ?? null,
    contactName: client?.contactName ?? null,
    email: client?.email ?? null,
    siren: client?.siren ?? null,
    siret: client?.siret ?? null,
    vatNumber: client?.vatNumber ?? null,
    isBusiness: client?.isBusiness ?? true,
    address: {
      line1: client?.addressLine1 ?? null,
      line2: client?.addressLine2 ?? null,
      postalCode: client?.postalCode ?? null,
      city: client?.city ?? null,
      country: client?.country ?? "FR",
    },
  };
}
