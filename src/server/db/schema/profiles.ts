import { sql } from "drizzle-orm";
import { boolean, check, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import type { ProfessionalInsurance } from "../../../shared/domain/legal-identity";
// Relative, not @shared: drizzle-kit loads this file without the TypeScript path aliases.
import { operationNatures } from "../../../shared/domain/operation-nature";
import { franchiseEndReasons } from "../../../shared/domain/urssaf-thresholds";
import { user } from "./auth";
import { checkIn, day, optionalFkIndex, timestamps, tstz } from "./columns";
import { files } from "./files";
import { tenantPolicy, tenantReference, tenantUserId } from "./tenancy";

export const subscriptionStatuses = ["inactive", "active"] as const;
export type SubscriptionStatus = (typeof subscriptionStatuses)[number];

/**
 * The spec's profile, one per auth user (`id` is the user id). `subscription_status = 'active'` means the
 * 59 € registration is paid; only payment fulfilment (owner role) sets it. `role` is free text: the spec
 * shows both 'freelance' and 'freelancer'.
 */
export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    name: text("name").notNull().default(""),
    email: text("email").notNull().default(""),
    role: text("role").notNull().default("freelancer"),
    bio: text("bio").notNull().default(""),
    jobTitle: text("job_title").notNull().default(""),
    skills: jsonb("skills").$type<string[]>().notNull().default([]),
    subscriptionStatus: text("subscription_status", { enum: subscriptionStatuses })
      .notNull()
      .default("inactive"),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy(t.id),
    checkIn("profiles_subscription_status_check", t.subscriptionStatus, subscriptionStatuses),
    check("profiles_skills_is_array_check", sql`jsonb_typeof(${sql.identifier(t.skills.name)}) = 'array'`),
  ],
).enableRLS();

export const vatRegimes = ["franchise", "assujetti"] as const;
export type VatRegime = (typeof vatRegimes)[number];

/** Micro-entrepreneur activity category, for URSSAF declaration help (rates and thresholds differ). */
export const activityCategories = ["vente", "services-bic", "bnc"] as const;
export type ActivityCategory = (typeof activityCategories)[number];

/**
 * The seller identity printed on every invoice (legal mentions). It is copied into `invoices.seller` when
 * an invoice is issued, so editing it never changes an issued invoice.
 */
export const businessIdentities = pgTable(
  "business_identities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: tenantUserId().unique(),
    /** The entrepreneur's name followed by "EI" (or "Entrepreneur individuel"), as the law requires. */
    legalName: text("legal_name").notNull(),
    /** Optional trade name (nom commercial). */
    companyName: text("company_name"),
    siren: text("siren"),
    siret: text("siret"),
    /** NAF/APE code, e.g. 62.02A. */
    apeCode: text("ape_code"),
    /** Registration mention, e.g. "RCS Lyon 123 456 789" or "Dispensé d'immatriculation au RCS et au RM". */
    registrationMention: text("registration_mention"),
    activityCategory: text("activity_category", { enum: activityCategories }),
    addressLine1: text("address_line1"),
    addressLine2: text("address_line2"),
    postalCode: text("postal_code"),
    city: text("city"),
    country: text("country").notNull().default("FR"),
    email: text("email"),
    phone: text("phone"),
    website: text("website"),
    /** 'franchise': invoices say "TVA non applicable, art. 293 B du CGI" and carry no VAT. */
    vatRegime: text("vat_regime", { enum: vatRegimes }).notNull().default("franchise"),
    vatNumber: text("vat_number"),
    /** Option for paying VAT on debits: the invoice must then say "Option pour le paiement de la taxe d'après les débits". */
    vatOnDebits: boolean("vat_on_debits").notNull().default(false),
    /**
     * The day the VAT franchise en base ended by the turnover thresholds (issue 28), and why: the app switched
     * `vat_regime` to 'assujetti' from that day. `vat_franchise_emailed_at`: when the seller was told by
     * e-mail (the job claims the row by setting it).
     */
    vatFranchiseEndedOn: day("vat_franchise_ended_on"),
    vatFranchiseEndReason: text("vat_franchise_end_reason", { enum: franchiseEndReasons }),
    vatFranchiseEmailedAt: tstz("vat_franchise_emailed_at"),
    /** What the seller's invoices bill by default (goods, services, both): printed, and BT-23 of the e-invoice. */
    operationNature: text("operation_nature", { enum: operationNatures }).notNull().default("services"),
    /** Professional insurance printed on quotes and invoices (compulsory décennale for building trades). */
    insurance: jsonb("insurance").$type<ProfessionalInsurance>(),
    iban: text("iban"),
    bic: text("bic"),
    paymentTermsDays: integer("payment_terms_days").notNull().default(30),
    /** Late-payment penalty rate as printed, e.g. "trois fois le taux d'intérêt légal". */
    latePenaltyRate: text("late_penalty_rate"),
    /** Early-payment discount mention, e.g. "Pas d'escompte pour paiement anticipé". */
    earlyPaymentDiscount: text("early_payment_discount"),
    quoteValidityDays: integer("quote_validity_days").notNull().default(30),
    logoFileId: uuid("logo_file_id"),
    invoiceFooter: text("invoice_footer"),
    /** Prefix of the invoice numbers (FAC, F, INV…); changeable only until the first invoice is issued. */
    invoiceNumberPrefix: text("invoice_number_prefix").notNull().default("INV"),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy(t.userId),
    checkIn("business_identities_vat_regime_check", t.vatRegime, vatRegimes),
    checkIn(
      "business_identities_vat_franchise_end_reason_check",
      t.vatFranchiseEndReason,
      franchiseEndReasons,
    ),
    checkIn("business_identities_activity_category_check", t.activityCategory, activityCategories),
    checkIn("business_identities_operation_nature_check", t.operationNature, operationNatures),
    check(
      "business_identities_payment_terms_days_check",
      sql`${sql.identifier(t.paymentTermsDays.name)} between 0 and 365`,
    ),
    check(
      "business_identities_invoice_number_prefix_check",
      sql`${sql.identifier(t.invoiceNumberPrefix.name)} ~ '^[A-Z0-9]{1,8}$'`,
    ),
    tenantReference("business_identities_logo_file_fk", [t.logoFileId, t.userId], files, "set null"),
    optionalFkIndex("business_identities_logo_file_id_idx", t.logoFileId),
  ],
).enableRLS();
