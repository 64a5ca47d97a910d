import { DEFAULT_LINK_VALIDITY_DAYS } from "@shared/schemas/client-links";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { clientPortalSettings } from "../../db/schema/index";
import { withTenant } from "../../db/tenant";
import { AppError } from "../../errors";
import { createShareLink } from "../client-links/share-links.service";

/**
 * The link a client pays an invoice through (the assistant's "Utilise Stripe pour encaisser…"): the
 * invoice's client link, with « Payer » on it. Only a token's hash is kept, so an earlier link cannot be
 * shown again: a new one is made, which replaces it.
 */
export async function createInvoicePaymentLink(
  db: Db,
  { userId, invoiceId, appUrl }: { userId: string; invoiceId: string; appUrl: string },
) {
  const link = await createShareLink(db, {
    userId,
    input: { invoiceId, validityDays: DEFAULT_LINK_VALIDITY_DAYS },
    appUrl,
  });
  if (!link.url) throw new AppError("unavailable", "Le lien n'a pas pu être créé.");
  const [settings] = await withTenant(db, userId, (tx) =>
    tx
      .select({ stripeKeyEnd: clientPortalSettings.stripeKeyEnd })
      .from(clientPortalSettings)
      .where(eq(clientPortalSettings.userId, userId)),
  );
  return {
    id: link.id,
    url: link.url,
    expiresAt: link.expiresAt,
    hasOwnStripe: Boolean(settings?.stripeKeyEnd),
  };
}
