import type { CreateInvoiceInput } from "@shared/schemas/invoices";
import type { businessIdentities, clients, InvoiceBuyer, InvoiceSeller } from "../../db/schema/index";

type TypedBuyer = NonNullable<CreateInvoiceInput["typedBuyer"]>;

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

/**
 * The client record's identity; without one, what was typed on the draft (issue 28: a consumer or a
 * business with its SIREN, and an address), else only the typed name.
 */
export function buyerOf(
  document: { clientName: string; buyer?: InvoiceBuyer | null },
  client: typeof clients.$inferSelect | undefined,
): InvoiceBuyer {
  if (!client && document.buyer) return { ...document.buyer, name: document.clientName };
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

/** A typed client as the draft stores it (in `buyer`, frozen as it is at issue); null with a client record. */
export function typedBuyerOf(
  clientName: string,
  typed: TypedBuyer | null | undefined,
  clientId: string | null | undefined,
): InvoiceBuyer | null {
  if (clientId || !typed) return null;
  return {
    name: clientName,
    company: typed.isBusiness ? clientName : null,
    contactName: null,
    email: null,
    siren: typed.isBusiness ? typed.siren : null,
    siret: null,
    vatNumber: null,
    isBusiness: typed.isBusiness,
    address: typed.address,
  };
}
