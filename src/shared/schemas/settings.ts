import {
  compactIdentifier,
  isValidSiren,
  isValidSiret,
  isValidVatNumber,
  normalizePhone,
  normalizeVatNumber,
} from "@shared/domain/identifiers";
import {
  DEFAULT_LATE_PENALTY_RATE,
  hasIndividualEntrepreneurMention,
  isValidBic,
  isValidIban,
  MAX_PAYMENT_TERMS_DAYS,
  NO_EARLY_DISCOUNT_MENTION,
  normalizeIban,
  REGISTRATION_MENTION_MESSAGE,
  registrationMentionProblem,
} from "@shared/domain/legal-identity";
import { INVOICE_PREFIX_MESSAGE, INVOICE_PREFIX_PATTERN } from "@shared/domain/numbering";
import { OPERATION_NATURES, operationNatures } from "@shared/domain/operation-nature";
import {
  type AllowedFileType,
  FILE_ERROR_MESSAGES,
  type FileDescription,
  type FileValidationResult,
  normalizeMimeType,
  validateFile,
} from "@shared/security/file-validation";
import {
  INVALID_EMAIL_MESSAGE,
  INVALID_URL_MESSAGE,
  isValidEmail,
  isValidUrl,
} from "@shared/security/validators";
import { z } from "zod";

export const vatRegimes = ["franchise", "assujetti"] as const;
/** Micro-entrepreneur activity category (URSSAF rates differ). */
export const activityCategories = ["vente", "services-bic", "bnc"] as const;

export const vatRegimeLabels: Record<(typeof vatRegimes)[number], string> = {
  franchise: "Franchise en base de TVA",
  assujetti: "Assujetti à la TVA",
};

export const operationNatureLabels = Object.fromEntries(
  operationNatures.map((nature) => [nature, OPERATION_NATURES[nature].label]),
) as Record<(typeof operationNatures)[number], string>;

export const activityCategoryLabels: Record<(typeof activityCategories)[number], string> = {
  vente: "Vente de marchandises (BIC)",
  "services-bic": "Prestations de services commerciales ou artisanales (BIC)",
  bnc: "Profession libérale (BNC)",
};

export const LEGAL_NAME_MESSAGE =
  "Ajoutez « EI » après votre nom (obligatoire pour un entrepreneur individuel), par ex. « Camille Martin EI ».";
export const VAT_NUMBER_REQUIRED_MESSAGE =
  "Indiquez votre numéro de TVA intracommunautaire (assujetti à la TVA).";
export const PAYMENT_TERMS_MESSAGE = `Au maximum ${MAX_PAYMENT_TERMS_DAYS} jours après la date de facture (loi LME).`;

const text = (max: number) => z.string().trim().max(max, `${max} caractères au maximum.`);
/** An optional field: empty, or valid once normalised. */
const optional = (
  normalize: (value: string) => string,
  isValid: (value: string) => boolean,
  message: string,
) =>
  z
    .string()
    .transform(normalize)
    .refine((value) => value === "" || isValid(value), { message });

const days = (max: number, maxMessage: string) =>
  z
    .number({ error: "Indiquez un nombre de jours." })
    .int("Indiquez un nombre entier de jours.")
    .min(0, "Le délai ne peut pas être négatif.")
    .max(max, maxMessage);

const identityFields = z.object({
  legalName: text(160).refine((name) => name === "" || hasIndividualEntrepreneurMention(name), {
    message: LEGAL_NAME_MESSAGE,
  }),
  companyName: text(160),
  siren: optional(compactIdentifier, isValidSiren, "SIREN invalide : 9 chiffres, vérifiez la saisie."),
  siret: optional(compactIdentifier, isValidSiret, "SIRET invalide : 14 chiffres, vérifiez la saisie."),
  apeCode: optional(
    (value) =>
      value
        .trim()
        .toUpperCase()
        .replace(/^(\d{2})(\d{2}[A-Z])$/, "$1.$2"),
    (value) => /^\d{2}\.\d{2}[A-Z]$/.test(value),
    "Code APE invalide (par ex. 62.02A).",
  ),
  registrationMention: text(200),
  activityCategory: z.enum(activityCategories, { error: "Choisissez une catégorie d'activité." }).nullable(),
  addressLine1: text(200),
  addressLine2: text(200),
  postalCode: text(10),
  city: text(100),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, "Choisissez un pays."),
  email: optional((value) => value.trim(), isValidEmail, INVALID_EMAIL_MESSAGE),
  phone: optional(
    (value) => value.trim(),
    (value) => normalizePhone(value) !== null,
    "Numéro de téléphone invalide (par ex. 06 12 34 56 78).",
  ),
  website: optional((value) => value.trim(), isValidUrl, INVALID_URL_MESSAGE),
  vatRegime: z.enum(vatRegimes, { error: "Choisissez votre régime de TVA." }),
  vatNumber: optional(
    normalizeVatNumber,
    isValidVatNumber,
    "Numéro de TVA invalide (par ex. FR44 732829320).",
  ),
  vatOnDebits: z.boolean(),
  /** Absent: unchanged (clients written before these fields keep working). */
  operationNature: z.enum(operationNatures, { error: "Choisissez la nature de vos opérations." }).optional(),
  /**
   * Professional insurance (décennale for building trades), printed on quotes and invoices; "" = none,
   * absent = unchanged.
   */
  insurer: text(200).optional(),
  insurancePolicy: text(100).optional(),
  insuranceCoverage: text(200).optional(),
  iban: optional(
    normalizeIban,
    isValidIban,
    "IBAN invalide : la clé de contrôle ne correspond pas, vérifiez la saisie.",
  ),
  bic: optional(
    (value) => value.replace(/\s+/g, "").toUpperCase(),
    isValidBic,
    "BIC invalide : 8 ou 11 caractères (par ex. AGRIFRPP).",
  ),
  paymentTermsDays: days(MAX_PAYMENT_TERMS_DAYS, PAYMENT_TERMS_MESSAGE),
  latePenaltyRate: text(200).min(1, "Indiquez le taux des pénalités de retard (mention obligatoire)."),
  earlyPaymentDiscount: text(200),
  quoteValidityDays: days(365, "365 jours au maximum.").min(1, "Au moins 1 jour."),
  invoiceFooter: text(500),
  /** Absent: unchanged. Refused (409) once an invoice has been issued: the series must stay continuous. */
  invoiceNumberPrefix: z
    .string()
    .trim()
    .toUpperCase()
    .regex(INVOICE_PREFIX_PATTERN, INVOICE_PREFIX_MESSAGE)
    .optional(),
});

type IdentityFields = z.output<typeof identityFields>;
/** Cross-field rules run once the fields they read are valid, even if another field is not. */
const whenValid =
  (...keys: (keyof IdentityFields)[]) =>
  (payload: { value: unknown }) =>
    identityFields
      .pick(Object.fromEntries(keys.map((key) => [key, true])) as Record<keyof IdentityFields, true>)
      .safeParse(payload.value).success;

/**
 * PUT /api/settings/identity: the whole identity, as the settings form sends it. Empty strings mean "not
 * given"; the identity may be saved incomplete and `missingForInvoicing` says what invoicing still needs.
 * Formats are checked here, completeness there.
 */
export const updateBusinessIdentityInput = identityFields
  .strict()
  .refine((identity) => identity.vatRegime !== "assujetti" || identity.vatNumber !== "", {
    path: ["vatNumber"],
    message: VAT_NUMBER_REQUIRED_MESSAGE,
    when: whenValid("vatRegime", "vatNumber"),
  })
  .refine((identity) => !identity.siren || !identity.siret || identity.siret.startsWith(identity.siren), {
    path: ["siret"],
    message: "Le SIRET doit commencer par votre SIREN.",
    when: whenValid("siren", "siret"),
  })
  .refine(
    ({ vatNumber, siren, siret }) => {
      const ownSiren = siren || siret.slice(0, 9);
      return !ownSiren || !vatNumber.startsWith("FR") || vatNumber.slice(4) === ownSiren;
    },
    {
      path: ["vatNumber"],
      message: "Ce numéro de TVA ne correspond pas à votre SIREN.",
      when: whenValid("vatNumber", "siren", "siret"),
    },
  )
  .refine((identity) => identity.registrationMention === "" || !registrationMentionProblem(identity), {
    path: ["registrationMention"],
    message: REGISTRATION_MENTION_MESSAGE,
    when: whenValid("activityCategory", "registrationMention"),
  })
  .refine(
    (identity) => Boolean(identity.insurer) || (!identity.insurancePolicy && !identity.insuranceCoverage),
    {
      path: ["insurer"],
      message: "Indiquez le nom de l'assureur.",
      when: whenValid("insurer", "insurancePolicy", "insuranceCoverage"),
    },
  )
  .refine(
    (identity) =>
      identity.country !== "FR" || identity.postalCode === "" || /^\d{5}$/.test(identity.postalCode),
    {
      path: ["postalCode"],
      message: "Code postal invalide : 5 chiffres.",
      when: whenValid("country", "postalCode"),
    },
  );
export type UpdateBusinessIdentityInput = z.output<typeof updateBusinessIdentityInput>;
export type BusinessIdentityFormValues = z.input<typeof updateBusinessIdentityInput>;

export const logoDto = z.object({
  id: z.string(),
  name: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number(),
});
export type LogoDto = z.infer<typeof logoDto>;

/** The stored identity as the form edits it: a field not given is "". */
export const businessIdentityDto = identityFields.extend({
  invoiceNumberPrefix: z.string(),
  /** When the app ended the VAT franchise by the turnover thresholds (issue 28), and why; null: it did not. */
  vatFranchiseEnd: z.object({ on: z.string(), reason: z.enum(["seuil-majore", "seuil-base"]) }).nullable(),
  id: z.string(),
  logo: logoDto.nullable(),
  updatedAt: z.string(),
});
export type BusinessIdentityDto = z.infer<typeof businessIdentityDto>;

/** GET/PUT /api/settings/identity and the logo routes answer the identity, what invoicing still needs, and the mentions. */
export const identitySettingsDto = z.object({
  identity: businessIdentityDto,
  missingForInvoicing: z.array(z.string()),
  /** The legal mentions an invoice will print with this identity (VAT exemption, penalties, 40 €…). */
  mentions: z.array(z.string()),
  /** True once an invoice has been issued: its prefix can no longer change. */
  isInvoicePrefixLocked: z.boolean(),
});
export type IdentitySettingsDto = z.infer<typeof identitySettingsDto>;

/** GET /api/settings/registration-invoice: the invoice of the user's 59 € registration (issue 31 item 23). */
export const registrationInvoiceDto = z.object({
  number: z.string(),
  /** Issue date, YYYY-MM-DD. */
  date: z.string(),
  paidAt: z.string(),
  /** A test payment, or a deployment whose operator is not configured: a document without value. */
  isTest: z.boolean(),
  vatRateBp: z.number().int(),
  subtotalCents: z.number().int(),
  taxCents: z.number().int(),
  totalCents: z.number().int(),
  pdfUrl: z.string(),
});
export type RegistrationInvoiceDto = z.infer<typeof registrationInvoiceDto>;

export const IDENTITY_DEFAULTS = {
  latePenaltyRate: DEFAULT_LATE_PENALTY_RATE,
  earlyPaymentDiscount: NO_EARLY_DISCOUNT_MENTION,
  paymentTermsDays: 30,
  quoteValidityDays: 30,
} as const;

/** A logo is printed on PDFs: only the raster formats every PDF engine embeds. */
export const LOGO_FILE_TYPES = [
  "image/png",
  "image/jpeg",
  "image/webp",
] as const satisfies readonly AllowedFileType[];
export const LOGO_TYPE_MESSAGE = "Le logo doit être une image PNG, JPEG ou WebP";

/** Spec §5 rules, then the logo's narrower types (the server checks the same, plus the content). */
export function validateLogoFile(file: FileDescription): FileValidationResult {
  const result = validateFile(file);
  if (!result.valid) {
    return result.error === FILE_ERROR_MESSAGES.typeNotAllowed
      ? { valid: false, error: LOGO_TYPE_MESSAGE }
      : result;
  }
  const isLogoType = (LOGO_FILE_TYPES as readonly string[]).includes(normalizeMimeType(file.type));
  return isLogoType ? result : { valid: false, error: LOGO_TYPE_MESSAGE };
}
