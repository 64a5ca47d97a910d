import { z } from "zod";
import type { InvoiceLineDto, InvoiceStatus } from "./invoices";
import { localCardInput } from "./payment";
import type { QuoteStatus } from "./quotes";

/** How long a new client link opens its document (issue 14 §1), unless the freelancer chooses otherwise. */
export const DEFAULT_LINK_VALIDITY_DAYS = 60;
export const MAX_LINK_VALIDITY_DAYS = 365;

export const createShareLinkInput = z
  .object({
    quoteId: z.uuid("Devis invalide.").optional(),
    invoiceId: z.uuid("Facture invalide.").optional(),
    validityDays: z
      .number()
      .int()
      .min(1, "Au moins 1 jour.")
      .max(MAX_LINK_VALIDITY_DAYS, `${MAX_LINK_VALIDITY_DAYS} jours au maximum.`)
      .default(DEFAULT_LINK_VALIDITY_DAYS),
  })
  .refine((input) => Boolean(input.quoteId) !== Boolean(input.invoiceId), {
    message: "Indiquez un devis ou une facture.",
    path: ["quoteId"],
  });
export type CreateShareLinkInput = z.infer<typeof createShareLinkInput>;

export const shareLinkQuery = z
  .object({ quoteId: z.uuid().optional(), invoiceId: z.uuid().optional() })
  .refine((input) => Boolean(input.quoteId) !== Boolean(input.invoiceId), {
    message: "Indiquez un devis ou une facture.",
  });

/** The link of a document as its owner sees it; `url` only in the answer that created it (hashed after). */
export type ShareLinkDto = {
  id: string;
  url?: string;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
  lastViewedAt: string | null;
  isActive: boolean;
};

/** The client's decision on a quote, as kept for the audit trail and shown to both sides. */
export type QuoteDecisionDto = {
  decision: "accepted" | "refused";
  signerName: string;
  hasConsented: boolean;
  reason: string | null;
  decidedAt: string;
  ipAddress: string | null;
  userAgent: string | null;
  pdfSha256: string;
};

/**
 * The decision as anyone holding the link sees it (the client page, its answer to « Accepter »): who and
 * when, never from which address or browser. Those stay in the freelancer's view, certificate and audit.
 */
export type PublicQuoteDecisionDto = Omit<QuoteDecisionDto, "ipAddress" | "userAgent">;

/** A document's state for its detail page: the current link (if any) and the client's decision. */
export type ShareStateDto = { link: ShareLinkDto | null; decision: QuoteDecisionDto | null };

type PartyDto = { name: string; lines: string[] };

/** What the client sees at /d/<token>: no ids of the owner's other records, nothing else of the account. */
export type PublicDocumentDto = {
  kind: "quote" | "invoice";
  number: string;
  title: string;
  date: string;
  /** Quote: valid until; invoice: due date. */
  deadline: string | null;
  status: QuoteStatus | InvoiceStatus;
  statusLabel: string;
  seller: PartyDto & { email: string | null };
  buyer: PartyDto;
  lines: InvoiceLineDto[];
  byRate: { vatRateBp: number; baseCents: number; vatCents: number }[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  /** The seller is under the VAT franchise: no VAT line, « Total à payer » (totalsWording). */
  isFranchise: boolean;
  /** Invoice: what remains to pay. */
  dueCents: number | null;
  /** Invoice: « Payer » opens a checkout (something is due and the freelancer can be paid online). */
  canPayOnline: boolean;
  /** Invoice: fully paid; the page says so (INVOICE_ALREADY_PAID_MESSAGE) and offers no « Payer ». */
  isPaid: boolean;
  mentions: string[];
  notes: string | null;
  expiresAt: string;
  /** Quote: the SHA-256 of the PDF the client downloads and signs. */
  pdfSha256: string | null;
  canDecide: boolean;
  decision: PublicQuoteDecisionDto | null;
};

export const acceptQuoteInput = z.object({
  signerName: z.string().trim().min(2, "Indiquez vos nom et prénom.").max(200, "200 caractères au maximum."),
  consent: z.literal(true, "Cochez la case pour donner votre accord."),
  /** The fingerprint the page showed: the acceptance is refused if the document has changed since. */
  pdfSha256: z.string().regex(/^[0-9a-f]{64}$/, "Empreinte du document invalide."),
});
export type AcceptQuoteInput = z.infer<typeof acceptQuoteInput>;

export const refuseQuoteInput = z.object({
  signerName: z.string().trim().min(2, "Indiquez vos nom et prénom.").max(200, "200 caractères au maximum."),
  reason: z.string().trim().min(3, "Indiquez la raison du refus.").max(2000, "2 000 caractères au maximum."),
  pdfSha256: z.string().regex(/^[0-9a-f]{64}$/, "Empreinte du document invalide."),
});
export type RefuseQuoteInput = z.infer<typeof refuseQuoteInput>;

/** The freelancer's own Stripe account (decision 016), as far as it may be shown: the key's last characters. */
export type StripeAccountDto = {
  stripe: { keyEnd: string } | null;
  /** Where Stripe must send this account's events (shown before a key is saved, to configure Stripe). */
  webhookUrl: string;
  /** Without a key of their own, clients pay through the local test checkout (never in production). */
  isLocalCheckout: boolean;
};

export const updateClientPortalSettingsInput = z.object({ isAutoConvertOnAcceptance: z.boolean() });

export const stripeAccountInput = z.object({
  secretKey: z
    .string()
    .trim()
    .regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]{10,}$/, "Clé Stripe invalide : elle commence par sk_ ou rk_."),
  webhookSecret: z
    .string()
    .trim()
    .regex(/^whsec_[A-Za-z0-9]{10,}$/, "Secret de signature invalide : il commence par whsec_."),
});
export type StripeAccountInput = z.infer<typeof stripeAccountInput>;

/** What the client reads on a paid invoice's page, and the refusal of a « Payer » on it. */
export const INVOICE_ALREADY_PAID_MESSAGE = "Cette facture est déjà réglée.";

/** The local test checkout of a client payment: only the card number decides, as on Stripe's test cards. */
export const payTestCheckoutInput = localCardInput.pick({ cardNumber: true });

/** The statement the signer ticks, printed word for word on the acceptance certificate. */
export const ACCEPTANCE_CONSENT_TEXT =
  "Bon pour accord : j'accepte ce devis et ses conditions, et je confirme avoir le pouvoir d'engager le client.";
