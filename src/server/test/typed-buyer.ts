/**
 * A client typed on an invoice draft without a client record, with what issuing asks of it (issue 28): a
 * business's SIREN (Luhn-valid) and an address. For tests that issue invoices to a typed name.
 */
export const TYPED_BUSINESS = {
  isBusiness: true,
  siren: "552100554",
  address: { line1: "5 avenue Parmentier", postalCode: "75011", city: "Paris" },
} as const;
