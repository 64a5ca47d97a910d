import type { InvoiceDto, SendInvoiceInput } from "@shared/schemas/invoices";
import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { invoices } from "../../db/schema/index";
import { withTenant } from "../../db/tenant";
import type { Mailer } from "../../email/mailer";
import { invoiceEmail } from "../../email/templates/invoice-email";
import { AppError } from "../../errors";
import { getInvoicePdf } from "./invoice-pdf.service";
import { getInvoice, issueInvoice } from "./invoices.service";

/**
 * "Envoyer par email": the PDF attached to the freelancer's message, through the e-mail layer (SMTP or the
 * outbox). A draft is issued first, once the user has confirmed it (`issueDraft`). The invoice records
 * when it was sent.
 */
export async function sendInvoice(
  { db, mailer }: { db: Db; mailer: Mailer },
  {
    userId,
    id,
    input,
    now = new Date(),
  }: { userId: string; id: string; input: SendInvoiceInput; now?: Date },
): Promise<InvoiceDto> {
  const current = await getInvoice(db, { userId, id, now });
  if (current.status === "annulée")
    throw new AppError("conflict", "Cette facture est annulée : envoyez plutôt son avoir.");
  if (current.status === "brouillon" && !input.issueDraft) {
    throw new AppError(
      "conflict",
      "Cette facture est un brouillon : confirmez son émission avant de l'envoyer.",
    );
  }
  // Issuing returns the issued invoice; a draft had no payments nor credit note to add to it.
  const invoice = current.status === "brouillon" ? await issueInvoice(db, { userId, id, now }) : current;
  const recipient = input.to ?? invoice.buyer?.email;
  if (!recipient) {
    throw new AppError(
      "validation_failed",
      "Ce client n'a pas d'adresse e-mail : indiquez un destinataire.",
      [{ path: "to", message: "Indiquez l'adresse du destinataire." }],
    );
  }
  const pdf = await getInvoicePdf(db, { userId, id, now });
  await mailer.send({
    to: recipient,
    userId,
    ...invoiceEmail({
      kind: invoice.kind,
      invoiceNumber: invoice.invoiceNumber ?? "",
      sellerName: invoice.seller?.companyName ?? invoice.seller?.legalName ?? "",
      recipientName: invoice.buyer?.contactName ?? invoice.buyer?.name ?? null,
      totalCents: invoice.totalCents,
      dueDate: invoice.dueDate,
      message: input.message,
    }),
    attachments: [
      { filename: pdf.filename, contentType: "application/pdf", content: Buffer.from(pdf.bytes) },
    ],
  });
  await withTenant(db, userId, (tx) =>
    tx
      .update(invoices)
      .set({ sentAt: now })
      .where(and(eq(invoices.id, id), eq(invoices.userId, userId))),
  );
  return { ...invoice, sentAt: now.toISOString() };
}
