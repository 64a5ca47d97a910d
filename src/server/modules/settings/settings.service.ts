import { invoiceMentions, missingForInvoicing } from "@shared/domain/legal-identity";
import {
  type BusinessIdentityDto,
  IDENTITY_DEFAULTS,
  type IdentitySettingsDto,
  LOGO_FILE_TYPES,
  LOGO_TYPE_MESSAGE,
  type UpdateBusinessIdentityInput,
} from "@shared/schemas/settings";
import { and, eq, exists, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { businessIdentities, files, invoices } from "../../db/schema/index";
import { type Tx, withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import { deleteFile, readFile, saveFile } from "../../storage/file-storage";

type IdentityRow = typeof businessIdentities.$inferSelect;
type LogoRow = { id: string; name: string; mimeType: string; sizeBytes: number } | null;

export const NO_LOGO_MESSAGE = "Aucun logo n'est enregistré.";
export const PREFIX_LOCKED_MESSAGE =
  "Le préfixe des factures ne peut plus changer : une facture a déjà été émise, et la numérotation doit rester continue.";

/** The identity row is created empty on first use, with the usual French defaults pre-filled. */
async function ensureIdentity(tx: Tx, userId: string): Promise<void> {
  await tx
    .insert(businessIdentities)
    .values({ userId, legalName: "", ...IDENTITY_DEFAULTS })
    .onConflictDoNothing({ target: businessIdentities.userId });
}

type LoadedIdentity = { row: IdentityRow; logo: LogoRow; hasIssuedInvoice: boolean };

/** An invoice (not a credit note) that has received a number: from then on its prefix is fixed. */
const issuedInvoice = (tx: Tx, userId: string) =>
  tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.userId, userId), eq(invoices.kind, "facture"), isNotNull(invoices.invoiceNumber)))
    .limit(1);

async function loadIdentity(tx: Tx, userId: string): Promise<LoadedIdentity> {
  const [found] = await tx
    .select({
      row: businessIdentities,
      // Metadata only: a logo's bytes are read by the logo route, never with the identity.
      logo: { id: files.id, name: files.name, mimeType: files.mimeType, sizeBytes: files.sizeBytes },
      hasIssuedInvoice: sql<boolean>`${exists(issuedInvoice(tx, userId))}`,
    })
    .from(businessIdentities)
    .leftJoin(files, eq(files.id, businessIdentities.logoFileId))
    .where(eq(businessIdentities.userId, userId));
  if (!found) throw new Error("business identity missing right after ensureIdentity");
  return found;
}

const text = (value: string | null) => value ?? "";
const orNull = (value: string) => (value === "" ? null : value);

function toDto(row: IdentityRow, logo: LogoRow): BusinessIdentityDto {
  return {
    id: row.id,
    legalName: row.legalName,
    companyName: text(row.companyName),
    siren: text(row.siren),
    siret: text(row.siret),
    apeCode: text(row.apeCode),
    registrationMention: text(row.registrationMention),
    activityCategory: row.activityCategory,
    addressLine1: text(row.addressLine1),
    addressLine2: text(row.addressLine2),
    postalCode: text(row.postalCode),
    city: text(row.city),
    country: row.country,
    email: text(row.email),
    phone: text(row.phone),
    website: text(row.website),
    vatRegime: row.vatRegime,
    vatNumber: text(row.vatNumber),
    vatOnDebits: row.vatOnDebits,
    operationNature: row.operationNature,
    insurer: text(row.insurance?.insurer ?? null),
    insurancePolicy: text(row.insurance?.policyNumber ?? null),
    insuranceCoverage: text(row.insurance?.coverage ?? null),
    iban: text(row.iban),
    bic: text(row.bic),
    paymentTermsDays: row.paymentTermsDays,
    latePenaltyRate: text(row.latePenaltyRate),
    earlyPaymentDiscount: text(row.earlyPaymentDiscount),
    quoteValidityDays: row.quoteValidityDays,
    invoiceFooter: text(row.invoiceFooter),
    invoiceNumberPrefix: row.invoiceNumberPrefix,
    vatFranchiseEnd:
      row.vatFranchiseEndedOn && row.vatFranchiseEndReason
        ? { on: row.vatFranchiseEndedOn, reason: row.vatFranchiseEndReason }
        : null,
    logo,
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toSettings({ row, logo, hasIssuedInvoice }: LoadedIdentity): IdentitySettingsDto {
  const identity = toDto(row, logo);
  return {
    identity,
    missingForInvoicing: missingForInvoicing(identity),
    mentions: invoiceMentions(identity),
    isInvoicePrefixLocked: hasIssuedInvoice,
  };
}

/**
 * A new invoice prefix is accepted only while no invoice has been issued. The identity row is locked
 * first: an issue in progress holds it FOR SHARE while it takes its number (invoices/numbering.ts), so
 * this check waits for it and sees its invoice.
 */
async function assertPrefixChangeable(tx: Tx, userId: string, prefix: string | undefined): Promise<void> {
  if (prefix === undefined) return;
  const [current] = await tx
    .select({ prefix: businessIdentities.invoiceNumberPrefix })
    .from(businessIdentities)
    .where(eq(businessIdentities.userId, userId))
    .for("update");
  if (prefix === current?.prefix) return;
  // A statement after the lock, so a fresh snapshot: an issue that held the row until now is seen.
  const [issued] = await issuedInvoice(tx, userId);
  if (issued) throw new AppError("conflict", PREFIX_LOCKED_MESSAGE);
}

export function getIdentitySettings(db: Db, { userId }: { userId: string }): Promise<IdentitySettingsDto> {
  return withTenant(db, userId, async (tx) => {
    await ensureIdentity(tx, userId);
    return toSettings(await loadIdentity(tx, userId));
  });
}

export function updateIdentitySettings(
  db: Db,
  { userId, input }: { userId: string; input: UpdateBusinessIdentityInput },
): Promise<IdentitySettingsDto> {
  // A SIRET alone gives the SIREN (its first 9 digits), which the invoice must print.
  const siren = input.siren || input.siret.slice(0, 9);
  return withTenant(db, userId, async (tx) => {
    await ensureIdentity(tx, userId);
    await assertPrefixChangeable(tx, userId, input.invoiceNumberPrefix);
    await tx
      .update(businessIdentities)
      .set({
        invoiceNumberPrefix: input.invoiceNumberPrefix,
        legalName: input.legalName,
        companyName: orNull(input.companyName),
        siren: orNull(siren),
        siret: orNull(input.siret),
        apeCode: orNull(input.apeCode),
        registrationMention: orNull(input.registrationMention),
        activityCategory: input.activityCategory,
        addressLine1: orNull(input.addressLine1),
        addressLine2: orNull(input.addressLine2),
        postalCode: orNull(input.postalCode),
        city: orNull(input.city),
        country: input.country,
        email: orNull(input.email),
        phone: orNull(input.phone),
        website: orNull(input.website),
        vatRegime: input.vatRegime,
        // A franchise invoice carries no VAT number claim; keep the field clean so it is never printed.
        vatNumber: input.vatRegime === "assujetti" ? orNull(input.vatNumber) : null,
        vatOnDebits: input.vatRegime === "assujetti" && input.vatOnDebits,
        operationNature: input.operationNature,
        ...(input.insurer === undefined
          ? {}
          : {
              insurance: input.insurer
                ? {
                    insurer: input.insurer,
                    policyNumber: input.insurancePolicy ?? "",
                    coverage: input.insuranceCoverage ?? "",
                  }
                : null,
            }),
        iban: orNull(input.iban),
        bic: orNull(input.bic),
        paymentTermsDays: input.paymentTermsDays,
        latePenaltyRate: input.latePenaltyRate,
        earlyPaymentDiscount: orNull(input.earlyPaymentDiscount),
        quoteValidityDays: input.quoteValidityDays,
        invoiceFooter: orNull(input.invoiceFooter),
      })
      .where(eq(businessIdentities.userId, userId));
    return toSettings(await loadIdentity(tx, userId));
  });
}

/**
 * Stores the new logo (spec §5 rules, content sniffing, PNG/JPEG/WebP only), points the identity at it and
 * deletes the previous one. The file is saved first, then swapped under a row lock, so two uploads at once
 * leave exactly one logo and no orphan.
 */
export async function replaceLogo(
  db: Db,
  { userId, name, mimeType, bytes }: { userId: string; name: string; mimeType: string; bytes: Uint8Array },
): Promise<IdentitySettingsDto> {
  const saved = await saveFile(db, {
    userId,
    name,
    mimeType,
    bytes,
    kind: "logo",
    accept: { types: LOGO_FILE_TYPES, message: LOGO_TYPE_MESSAGE },
  });
  let swap: { settings: IdentitySettingsDto; previous: string | null };
  try {
    swap = await withTenant(db, userId, async (tx) => {
      await ensureIdentity(tx, userId);
      const previous = await lockLogoId(tx, userId);
      await tx
        .update(businessIdentities)
        .set({ logoFileId: saved.id })
        .where(eq(businessIdentities.userId, userId));
      return { settings: toSettings(await loadIdentity(tx, userId)), previous };
    });
  } catch (error) {
    await deleteFile(db, { userId, id: saved.id });
    throw error;
  }
  // After the commit, through the storage interface: an object store cannot join our transaction anyway.
  if (swap.previous) await deleteFile(db, { userId, id: swap.previous });
  return swap.settings;
}

export async function readLogo(db: Db, { userId }: { userId: string }) {
  const [row] = await withTenant(db, userId, (tx) =>
    tx
      .select({ logoFileId: businessIdentities.logoFileId })
      .from(businessIdentities)
      .where(eq(businessIdentities.userId, userId)),
  );
  if (!row?.logoFileId) throw new AppError("not_found", NO_LOGO_MESSAGE);
  return readFile(db, { userId, id: row.logoFileId });
}

export async function removeLogo(db: Db, { userId }: { userId: string }): Promise<IdentitySettingsDto> {
  const { settings, previous } = await withTenant(db, userId, async (tx) => {
    await ensureIdentity(tx, userId);
    const previous = await lockLogoId(tx, userId);
    if (!previous) throw new AppError("not_found", NO_LOGO_MESSAGE);
    await tx
      .update(businessIdentities)
      .set({ logoFileId: null })
      .where(eq(businessIdentities.userId, userId));
    return { settings: toSettings(await loadIdentity(tx, userId)), previous };
  });
  await deleteFile(db, { userId, id: previous });
  return settings;
}

async function lockLogoId(tx: Tx, userId: string): Promise<string | null> {
  const [row] = await tx
    .select({ logoFileId: businessIdentities.logoFileId })
    .from(businessIdentities)
    .where(eq(businessIdentities.userId, userId))
    .for("update");
  return row?.logoFileId ?? null;
}
