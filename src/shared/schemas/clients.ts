import { z } from "zod";
import {
  checkVatNumber,
  compactIdentifier,
  isValidSiren,
  isValidSiret,
  normalizePhone,
  normalizeVatNumber,
} from "../domain/identifiers";
import { emailSchema } from "../security/validators";
import { atLeastOneField, optionalText } from "./fields";
import { emptyIsAll, listQuery, listResult, relatedInvoice, relatedQuote } from "./list";

export const clientStatuses = ["prospect", "actif", "inactif"] as const;
export type ClientStatus = (typeof clientStatuses)[number];

export const clientStatusLabels: Record<ClientStatus, string> = {
  prospect: "Prospect",
  actif: "Actif",
  inactif: "Inactif",
};

const clientStatus = z.enum(clientStatuses, { error: "Statut inconnu (prospect, actif ou inactif)." });

/** An optional identifier checked after removing spaces; empty means none. */
const optionalIdentifier = (normalize: (value: string) => string, check: (value: string) => string | null) =>
  z
    .string()
    .transform(normalize)
    .superRefine((value, context) => {
      const message = value ? check(value) : null;
      if (message) context.addIssue({ code: "custom", message });
    })
    .transform((value) => value || null)
    .nullish();

const vatMessages = {
  format: "Numéro de TVA invalide (ex. : FR64443061841).",
  siren: "Le SIREN contenu dans ce numéro de TVA est invalide.",
  key: "La clé de ce numéro de TVA ne correspond pas au SIREN.",
} as const;

const clientFields = z.object({
  name: z.string().trim().min(1, "Indiquez le nom du client.").max(200, "200 caractères au maximum."),
  company: optionalText(200),
  contactName: optionalText(200),
  email: z
    .union([z.literal(""), emailSchema])
    .transform((value) => value || null)
    .nullish(),
  phone: z
    .string()
    .trim()
    .superRefine((value, context) => {
      if (value && !normalizePhone(value))
        context.addIssue({ code: "custom", message: "Numéro de téléphone invalide (ex. : 06 12 34 56 78)." });
    })
    .transform((value) => (value ? normalizePhone(value) : null))
    .nullish(),
  siren: optionalIdentifier(compactIdentifier, (value) =>
    isValidSiren(value) ? null : "SIREN invalide : 9 chiffres avec une clé de contrôle valide.",
  ),
  siret: optionalIdentifier(compactIdentifier, (value) =>
    isValidSiret(value) ? null : "SIRET invalide : 14 chiffres avec une clé de contrôle valide.",
  ),
  vatNumber: optionalIdentifier(normalizeVatNumber, (value) => {
    const check = checkVatNumber(value);
    return check === "valid" ? null : vatMessages[check];
  }),
  addressLine1: optionalText(200),
  addressLine2: optionalText(200),
  postalCode: optionalText(10),
  city: optionalText(120),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "Code pays à 2 lettres (ex. : FR).")
    .default("FR"),
  isBusiness: z
    .boolean({ error: "Précisez s'il s'agit d'un professionnel ou d'un particulier." })
    .default(true),
  paymentTermsDays: z
    .number({ error: "Indiquez un nombre de jours." })
    .int("Un nombre entier de jours.")
    .min(0, "Le délai ne peut pas être négatif.")
    // Art. L441-10 du Code de commerce: 60 days at most between businesses.
    .max(60, "60 jours au maximum (art. L441-10 du Code de commerce).")
    .nullish(),
  status: clientStatus.default("prospect"),
  notes: optionalText(5000),
});

type ClientFields = Partial<z.output<typeof clientFields>>;

/** Rules across fields: a French postal code has 5 digits, the SIRET starts with the SIREN. */
function crossCheck(value: ClientFields, context: z.RefinementCtx) {
  const country = value.country ?? "FR";
  if (value.postalCode && country === "FR" && !/^\d{5}$/.test(value.postalCode))
    context.addIssue({ code: "custom", path: ["postalCode"], message: "Code postal invalide (5 chiffres)." });
  if (value.siren && value.siret && !value.siret.startsWith(value.siren))
    context.addIssue({ code: "custom", path: ["siret"], message: "Le SIRET doit commencer par le SIREN." });
  if (value.siren && value.vatNumber?.startsWith("FR") && !value.vatNumber.endsWith(value.siren))
    context.addIssue({
      code: "custom",
      path: ["vatNumber"],
      message: "Ce numéro de TVA ne correspond pas au SIREN.",
    });
}

export const createClientInput = clientFields.strict().superRefine(crossCheck);
export type CreateClientInput = z.input<typeof createClientInput>;
export type CreateClientData = z.output<typeof createClientInput>;

// Defaults belong to creation only: a PATCH that omits a field leaves it unchanged.
export const updateClientInput = atLeastOneField(
  z
    .object({
      ...clientFields.shape,
      country: clientFields.shape.country.removeDefault().optional(),
      isBusiness: clientFields.shape.isBusiness.removeDefault().optional(),
      status: clientStatus.optional(),
    })
    .partial()
    .strict()
    .superRefine(crossCheck),
);
export type UpdateClientInput = z.input<typeof updateClientInput>;
export type UpdateClientData = z.output<typeof updateClientInput>;

export const clientDto = z.object({
  id: z.string(),
  name: z.string(),
  company: z.string().nullable(),
  contactName: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  siren: z.string().nullable(),
  siret: z.string().nullable(),
  vatNumber: z.string().nullable(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  postalCode: z.string().nullable(),
  city: z.string().nullable(),
  country: z.string(),
  isBusiness: z.boolean(),
  paymentTermsDays: z.number().int().nullable(),
  status: z.enum(clientStatuses),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ClientDto = z.infer<typeof clientDto>;

export const clientListQuery = listQuery.extend({
  status: emptyIsAll(clientStatus),
});
export type ClientListQuery = z.input<typeof clientListQuery>;

export const clientList = listResult(clientDto);
export type ClientList = z.infer<typeof clientList>;

const related = {
  invoice: relatedInvoice,
  quote: relatedQuote,
  project: z.object({ id: z.string(), name: z.string(), status: z.string(), createdAt: z.string() }),
  contract: z.object({
    id: z.string(),
    number: z.string().nullable(),
    title: z.string(),
    status: z.string(),
    createdAt: z.string(),
  }),
};

export const clientDetailDto = z.object({
  client: clientDto,
  totals: z.object({
    /** Money received on this client's issued invoices (cash basis). */
    revenueCents: z.number().int(),
    /** Still owed on issued, unpaid invoices (total − paid). */
    unpaidCents: z.number().int(),
  }),
  counts: z.object({
    invoices: z.number().int(),
    quotes: z.number().int(),
    projects: z.number().int(),
    contracts: z.number().int(),
  }),
  /** The latest records of each kind, newest first. */
  invoices: z.array(related.invoice),
  quotes: z.array(related.quote),
  projects: z.array(related.project),
  contracts: z.array(related.contract),
});
export type ClientDetailDto = z.infer<typeof clientDetailDto>;

export const pipelineCard = clientDto.pick({
  id: true,
  name: true,
  company: true,
  email: true,
  status: true,
  createdAt: true,
});
export type PipelineCard = z.infer<typeof pipelineCard>;

export const clientPipelineDto = z.object({
  columns: z.array(
    z.object({ status: z.enum(clientStatuses), count: z.number().int(), clients: z.array(pipelineCard) }),
  ),
});
export type ClientPipelineDto = z.infer<typeof clientPipelineDto>;
