import { formatDate, formatMoney } from "@shared/format";
import type { InvoiceBuyer, InvoiceSeller } from "../db/schema/index";
import {
  BOX,
  COLORS,
  drawBuyer,
  drawLineTable,
  drawSeller,
  drawTitle,
  drawTotals,
  openPdf,
  type PrintableLine,
  present,
  stampPageNumbers,
  vatTotalsRows,
} from "./document-layout";

export type { PrintableLine };

export type PrintableInvoice = {
  kind: "facture" | "avoir";
  /** Null for a draft: the document says so and carries no number. */
  number: string | null;
  date: string;
  serviceDate: string | null;
  dueDate: string | null;
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  lines: PrintableLine[];
  byRate: { vatRateBp: number; baseCents: number; vatCents: number }[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  paidCents: number;
  notes: string | null;
  /** The legal mentions, in print order (shared/domain/legal-identity). */
  mentions: string[];
  footer: string | null;
  creditedNumber: string | null;
  /** PNG or JPEG bytes (the formats a PDF embeds natively). */
  logo: Uint8Array | null;
};

/** Renders a French invoice or credit note: identities, lines, totals per VAT rate, mentions, page numbers. */
export function renderInvoicePdf(invoice: PrintableInvoice): Promise<Buffer> {
  const title = invoice.kind === "avoir" ? "Avoir" : "Facture";
  const { doc, done } = openPdf({
    title: invoice.number ? `${title} ${invoice.number}` : `${title} (brouillon)`,
    author: invoice.seller.legalName,
  });
  const sellerBottom = drawSeller(doc, invoice.seller, invoice.logo);
  const titleBottom = drawTitle(doc, {
    title,
    subtitles: [invoice.number ? `N° ${invoice.number}` : "Brouillon — sans valeur légale"],
    details: [
      `Date d'émission : ${formatDate(invoice.date)}`,
      invoice.serviceDate ? `Date de la prestation : ${formatDate(invoice.serviceDate)}` : null,
      invoice.dueDate ? `Échéance : ${formatDate(invoice.dueDate)}` : null,
      invoice.creditedNumber ? `Annule la facture ${invoice.creditedNumber}` : null,
    ].filter(present),
  });
  const buyerBottom = drawBuyer(doc, invoice.buyer, {
    heading: "FACTURÉ À",
    top: Math.max(sellerBottom, titleBottom) + 24,
  });
  const linesBottom = drawLineTable(doc, invoice.lines, buyerBottom + 28);
  const rows = vatTotalsRows(invoice);
  if (invoice.paidCents > 0) {
    rows.push(
      { label: "Déjà réglé", value: formatMoney(invoice.paidCents) },
      { label: "Reste à payer", value: formatMoney(invoice.totalCents - invoice.paidCents), isStrong: true },
    );
  }
  const totalsBottom = drawTotals(doc, rows, linesBottom);

  // Payment details, notes and the legal mentions.
  doc.x = BOX.left;
  doc.y = totalsBottom + 12;
  const { seller } = invoice;
  const payment = [
    seller.iban ? `IBAN : ${seller.iban}` : null,
    seller.bic ? `BIC : ${seller.bic}` : null,
  ].filter(present);
  if (payment.length) {
    doc
      .font("semibold")
      .fontSize(9)
      .fillColor(COLORS.ink)
      .text("Règlement par virement", { width: BOX.width });
    doc.font("regular").fillColor(COLORS.muted).text(payment.join("   ·   "), { width: BOX.width });
    doc.moveDown(0.6);
  }
  if (invoice.notes) {
    doc.font("regular").fontSize(9).fillColor(COLORS.ink).text(invoice.notes, { width: BOX.width });
    doc.moveDown(0.6);
  }
  doc
    .font("regular")
    .fontSize(8)
    .fillColor(COLORS.muted)
    .text(invoice.mentions.join("\n"), { width: BOX.width, lineGap: 1.5 });
  if (invoice.footer) doc.moveDown(0.6).text(invoice.footer, { width: BOX.width });

  stampPageNumbers(doc, invoice.number ?? `${title} brouillon`);
  doc.end();
  return done;
}
