import { z } from "zod";
import { operationNatures } from "../domain/operation-nature";
import { vatExemptions } from "../domain/vat-exemptions";
import {
  type InvoiceDto,
  type InvoiceStatus,
  invoiceStatusLabels,
  lineInput,
  paymentMethodLabels,
  recordPaymentInput,
} from "./invoices";
import { type QuoteDto, type QuoteStatus, quoteStatusLabels } from "./quotes";

// The public API (issue 14 §2, decision 013): personal tokens, REST hooks and their deliveries.

export const apiTokenScopeLabels = {
  read: "Lecture seule",
  write: "Lecture et écriture",
} as const;
export type ApiTokenScope = keyof typeof apiTokenScopeLabels;
const apiTokenScope = z.enum(Object.keys(apiTokenScopeLabels) as [ApiTokenScope], {
  error: "Portée inconnue (read ou write).",
});

export const createApiTokenInput = z
  .object({
    name: z.string().trim().min(1, "Nommez le jeton (ex. : Zapier).").max(100, "100 caractères au maximum."),
    scope: apiTokenScope,
  })
  .strict();
export type CreateApiTokenInput = z.infer<typeof createApiTokenInput>;

export const apiTokenDto = z.object({
  id: z.string(),
  name: z.string(),
  scope: apiTokenScope,
  /** The token's first characters, to tell tokens apart; the token itself is shown once, at creation. */
  tokenStart: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiTokenDto = z.infer<typeof apiTokenDto>;

/** The creation answer: the only time the token is ever shown. */
export const createdApiTokenDto = apiTokenDto.extend({ token: z.string() });
export type CreatedApiTokenDto = z.infer<typeof createdApiTokenDto>;

export const apiTokenList = z.object({ items: z.array(apiTokenDto) });
export type ApiTokenList = z.infer<typeof apiTokenList>;

export const webhookEventLabels = {
  "client.created": "Nouveau client",
  "quote.sent": "Devis envoyé",
  "quote.accepted": "Devis accepté",
  "invoice.issued": "Facture émise",
  "invoice.paid": "Facture payée",
  "invoice.overdue": "Facture en retard",
  "payment.received": "Paiement reçu",
  "expense.created": "Nouvelle dépense",
} as const;
export type WebhookEventName = keyof typeof webhookEventLabels;
export const webhookEventNames = Object.keys(webhookEventLabels) as [WebhookEventName, ...WebhookEventName[]];

/** REST hooks' subscribe body: snake_case, as Zapier and the REST Hooks convention send it. */
export const createHookInput = z.object({
  target_url: z
    .url({ protocol: /^https?$/, error: "Adresse de destination invalide (http:// ou https://)." })
    .max(2000, "2 000 caractères au maximum."),
  event: z.enum(webhookEventNames, {
    error: `Événement inconnu (${webhookEventNames.join(", ")}).`,
  }),
});
export type CreateHookInput = z.infer<typeof createHookInput>;

export const createdHookDto = z.object({
  id: z.string(),
  /** Signs every delivery (Ardoise-Signature); shown once. */
  secret: z.string(),
  target_url: z.string(),
  event: z.enum(webhookEventNames),
});
export type CreatedHookDto = z.infer<typeof createdHookDto>;

/** What a delivery POSTs to the hook's URL; `id` is the event's, the same on every retry. */
export const webhookPayload = z.object({
  id: z.string(),
  event: z.enum(webhookEventNames),
  created_at: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookPayload = z.infer<typeof webhookPayload>;

export const deliveryStatusLabels = {
  pending: "En attente",
  delivered: "Livrée",
  failed: "Échec",
} as const;
export type DeliveryStatus = keyof typeof deliveryStatusLabels;

export const webhookDeliveryDto = z.object({
  id: z.string(),
  eventId: z.string(),
  event: z.enum(webhookEventNames),
  status: z.enum(Object.keys(deliveryStatusLabels) as [DeliveryStatus]),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookDeliveryDto = z.infer<typeof webhookDeliveryDto>;

/** A hook as the Intégrations page shows it, with its latest deliveries (newest first). */
export const webhookDto = z.object({
  id: z.string(),
  targetUrl: z.string(),
  event: z.enum(webhookEventNames),
  pausedAt: z.string().nullable(),
  createdAt: z.string(),
  deliveries: z.array(webhookDeliveryDto),
});
export type WebhookDto = z.infer<typeof webhookDto>;

/**
 * Hooks one account may hold, REST hooks and « webhook sur un événement » automations together (issue 26):
 * every event is queued once per hook, so the cap bounds what one user can put in the shared queue.
 */
export const MAX_HOOKS_PER_USER = 25;
export const HOOK_LIMIT_REACHED = `Limite atteinte : ${MAX_HOOKS_PER_USER} webhooks au plus par compte, automatisations « webhook » comprises. Supprimez-en un avant d'en ajouter un autre.`;

export const webhookList = z.object({
  items: z.array(webhookDto),
  /** Hooks held (automations' included) against MAX_HOOKS_PER_USER. */
  usage: z.object({ count: z.number().int(), limit: z.number().int() }),
});
export type WebhookList = z.infer<typeof webhookList>;

export const V1_LIST_DEFAULT_LIMIT = 20;
export const V1_LIST_MAX_LIMIT = 100;

/**
 * The query of every /api/v1 list: oldest change first, so a poller resumes where it stopped. `cursor` is
 * the `next_cursor` of the previous page; `offset` is the simple alternative.
 */
export const v1ListQuery = z
  .object({
    limit: z.coerce
      .number()
      .int("Un nombre entier.")
      .min(1, "Au moins 1.")
      .max(V1_LIST_MAX_LIMIT, `${V1_LIST_MAX_LIMIT} au maximum.`)
      .default(V1_LIST_DEFAULT_LIMIT),
    cursor: z.string().max(200).optional(),
    offset: z.coerce.number().int("Un nombre entier.").min(0, "0 au minimum.").optional(),
    updated_since: z.iso
      .datetime({ offset: true, error: "Date et heure ISO 8601 attendues (ex. : 2026-01-31T08:00:00Z)." })
      .optional(),
  })
  .strict()
  .refine((query) => query.cursor === undefined || query.offset === undefined, {
    message: "Utilisez cursor ou offset, pas les deux.",
    path: ["offset"],
  });
export type V1ListQuery = z.infer<typeof v1ListQuery>;

export const v1ListResult = <Item extends z.ZodType>(item: Item) =>
  z.object({
    items: z.array(item),
    /** Pass it as `cursor` for the next page; null on the last page. */
    next_cursor: z.string().nullable(),
  });

// The invoice and quote DTOs are TypeScript types in their modules; the API documents them with these
// schemas, which the compiler holds to the same shape (SameShape below fails the build if they drift).

const lineDto = lineInput.extend({
  id: z.string(),
  position: z.number().int(),
  totalCents: z.number().int(),
});
const postalAddress = z.object({
  line1: z.string().nullable(),
  line2: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string(),
});
const paymentMethod = z.enum(Object.keys(paymentMethodLabels) as [keyof typeof paymentMethodLabels]);

export const invoiceDto = z.object({
  id: z.string(),
  kind: z.enum(["facture", "avoir"]),
  invoiceNumber: z.string().nullable(),
  clientId: z.string().nullable(),
  clientName: z.string(),
  projectId: z.string().nullable(),
  creditedInvoiceId: z.string().nullable(),
  date: z.string(),
  serviceDate: z.string().nullable(),
  dueDate: z.string().nullable(),
  status: z.enum(Object.keys(invoiceStatusLabels) as [InvoiceStatus]),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  discountKind: z.enum(["percent", "amount"]).nullable(),
  discountValue: z.number().int(),
  paidCents: z.number().int(),
  isDeposit: z.boolean(),
  depositsCents: z.number().int(),
  creditedCents: z.number().int(),
  dueCents: z.number().int(),
  notes: z.string().nullable(),
  issuedAt: z.string().nullable(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
  paymentTerms: z.string().nullable(),
  operationNature: z.enum(operationNatures).nullable(),
  vatExemption: z.enum(vatExemptions).nullable(),
  deliveryAddress: postalAddress.nullable(),
  seller: z
    .object({
      legalName: z.string(),
      companyName: z.string().nullable(),
      siren: z.string().nullable(),
      siret: z.string().nullable(),
      apeCode: z.string().nullable(),
      address: postalAddress,
      email: z.string().nullable(),
      phone: z.string().nullable(),
      vatRegime: z.enum(["franchise", "assujetti"]),
      vatNumber: z.string().nullable(),
      iban: z.string().nullable(),
      bic: z.string().nullable(),
    })
    .nullable(),
  buyer: z
    .object({
      name: z.string(),
      company: z.string().nullable(),
      contactName: z.string().nullable(),
      email: z.string().nullable(),
      siren: z.string().nullable(),
      siret: z.string().nullable(),
      vatNumber: z.string().nullable(),
      isBusiness: z.boolean(),
      address: postalAddress,
    })
    .nullable(),
  lines: z.array(lineDto),
  payments: z.array(
    z.object({
      id: z.string(),
      amountCents: z.number().int(),
      paidOn: z.string(),
      method: paymentMethod,
      reference: z.string().nullable(),
    }),
  ),
  creditNoteId: z.string().nullable(),
  creditNotes: z.array(
    z.object({ id: z.string(), invoiceNumber: z.string().nullable(), totalCents: z.number().int() }),
  ),
  deposits: z.array(
    z.object({
      id: z.string(),
      invoiceNumber: z.string().nullable(),
      date: z.string(),
      totalCents: z.number().int(),
    }),
  ),
});

export const quoteDto = z.object({
  id: z.string(),
  quoteNumber: z.string(),
  clientId: z.string().nullable(),
  clientName: z.string(),
  clientEmail: z.string().nullable(),
  projectId: z.string().nullable(),
  date: z.string(),
  validUntil: z.string(),
  startDate: z.string().nullable(),
  estimatedDuration: z.string().nullable(),
  depositPercentBp: z.number().int().nullable(),
  feeCents: z.number().int(),
  status: z.enum(Object.keys(quoteStatusLabels) as [QuoteStatus]),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  discountKind: z.enum(["percent", "amount"]).nullable(),
  discountValue: z.number().int(),
  notes: z.string().nullable(),
  terms: z.string().nullable(),
  sentAt: z.string().nullable(),
  acceptedAt: z.string().nullable(),
  refusedAt: z.string().nullable(),
  createdAt: z.string(),
  invoice: z.object({ id: z.string(), invoiceNumber: z.string().nullable() }).nullable(),
  lines: z.array(lineDto),
});

type SameShape<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const sameShape = <A, B>(isSame: SameShape<A, B>) => isSame;
sameShape<z.infer<typeof invoiceDto>, InvoiceDto>(true);
sameShape<z.infer<typeof quoteDto>, QuoteDto>(true);

/** A payment received against an invoice (money in, cash basis). */
export const paymentDto = z.object({
  id: z.string(),
  invoiceId: z.string(),
  amountCents: z.number().int(),
  paidOn: z.string(),
  method: paymentMethod,
  reference: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
});
export type PaymentDto = z.infer<typeof paymentDto>;

/** `POST /api/v1/payments`: a payment is recorded against one of the user's issued invoices. */
export const createPaymentInput = recordPaymentInput.extend({ invoiceId: z.uuid("Facture invalide.") });
