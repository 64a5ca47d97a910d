import { insuranceMention, type ProfessionalInsurance } from "@shared/domain/legal-identity";
import { formatDate, formatMoney } from "@shared/format";
import type { InvoiceBuyer, InvoiceSeller } from "../db/schema/index";
import {
  BOTTOM_LIMIT,
  BOX,
  COLORS,
  drawBuyer,
  drawLineTable,
  drawSeller,
  drawTitle,
  drawTotals,
  openPdf,
  PAGE,
  type PrintableLine,
  present,
  stampPageNumbers,
  vatTotalsRows,
  watermarkDrafts,
} from "./document-layout";

export type PrintableQuote = {
  number: string;
  isDraft: boolean;
  date: string;
  validUntil: string;
  startDate: string | null;
  estimatedDuration: string | null;
  /** What the quote itself costs, TTC; 0: free. */
  feeCents: number;
  seller: InvoiceSeller & { insurance?: ProfessionalInsurance | null };
  buyer: InvoiceBuyer;
  lines: PrintableLine[];
  byRate: { vatRateBp: number; baseCents: number; vatCents: number }[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  notes: string | null;
  terms: string | null;
  /** The seller's mentions, in print order (VAT regime, payment terms). */
  mentions: string[];
  footer: string | null;
  /** PNG or JPEG bytes (the formats a PDF embeds natively). */
  logo: Uint8Array | null;
};

export const ACCEPTANCE_MENTION = "Date, signature et mention « Bon pour accord »";

/**
 * Renders a French quote (devis): identities, lines, totals per VAT rate, validity, the seller's VAT
 * mention, a "Bon pour accord" signature block and page numbers; a draft carries a watermark.
 */
export function renderQuotePdf(quote: PrintableQuote): Promise<Buffer> {
  const { doc, done } = openPdf({ title: `Devis ${quote.number}`, author: quote.seller.legalName });
  if (quote.isDraft) watermarkDrafts(doc);
  const left = BOX.left;
  const right = BOX.right;
  const contentWidth = BOX.width;
  const bottomLimit = BOTTOM_LIMIT;
  const { buyer } = quote;
  const sellerBottom = drawSeller(doc, quote.seller, quote.logo);
  const titleBottom = drawTitle(doc, {
    title: "Devis",
    subtitles: [`N° ${quote.number}`, ...(quote.isDraft ? ["Brouillon — non envoyé"] : [])],
    details: [
      `Date du devis : ${formatDate(quote.date)}`,
      `Valable jusqu'au : ${formatDate(quote.validUntil)}`,
      quote.startDate ? `Début des travaux : ${formatDate(quote.startDate)}` : null,
      quote.estimatedDuration ? `Durée estimée : ${quote.estimatedDuration}` : null,
    ].filter(present),
  });
  const buyerBottom = drawBuyer(doc, buyer, {
    heading: "ADRESSÉ À",
    top: Math.max(sellerBottom, titleBottom) + 24,
  });
  const linesBottom = drawLineTable(doc, quote.lines, buyerBottom + 28);
  let y = drawTotals(doc, vatTotalsRows(quote), linesBottom);

  // Validity, notes, terms and mentions.
  y += 12;
  doc.x = left;
  doc.y = y;
  doc
    .font("semibold")
    .fontSize(9)
    .fillColor(COLORS.ink)
    .text(`Devis valable jusqu'au ${formatDate(quote.validUntil)}.`, { width: contentWidth });
  doc.moveDown(0.6);
  for (const text of [quote.notes, quote.terms].filter(present)) {
    doc.font("regular").fontSize(9).fillColor(COLORS.ink).text(text, { width: contentWidth });
    doc.moveDown(0.6);
  }
  // Whether the quote itself is paid is part of the offer (arrêté du 24 janvier 2017 for repair trades).
  const mentions = [
    quote.feeCents > 0 ? `Devis payant : ${formatMoney(quote.feeCents)} TTC` : "Devis gratuit",
    ...quote.mentions,
    insuranceMention(quote.seller.insurance),
  ].filter(present);
  if (mentions.length) {
    doc
      .font("regular")
      .fontSize(8)
      .fillColor(COLORS.muted)
      .text(mentions.join("\n"), { width: contentWidth, lineGap: 1.5 });
    doc.moveDown(0.6);
  }

  // "Bon pour accord": the client dates and signs, by hand, under the handwritten mention.
  const blockHeight = 96;
  const blockWidth = 250;
  let blockTop = doc.y + 10;
  if (blockTop + blockHeight > bottomLimit) {
    doc.addPage();
    blockTop = PAGE.margin;
  }
  const blockX = right - blockWidth;
  doc
    .roundedRect(blockX, blockTop, blockWidth, blockHeight, 6)
    .strokeColor(COLORS.rule)
    .lineWidth(1)
    .stroke();
  doc
    .font("semibold")
    .fontSize(9)
    .fillColor(COLORS.ink)
    .text("Bon pour accord", blockX + 12, blockTop + 10, { width: blockWidth - 24 });
  doc
    .font("regular")
    .fontSize(8)
    .fillColor(COLORS.muted)
    .text(ACCEPTANCE_MENTION, blockX + 12, doc.y + 2, { width: blockWidth - 24 });
  doc.text(`Pour ${buyer.company ?? buyer.name}`, blockX + 12, doc.y + 2, { width: blockWidth - 24 });
  doc.x = left;
  doc.y = blockTop + blockHeight + 10;
  if (quote.footer) {
    doc
      .font("regular")
      .fontSize(8)
      .fillColor(COLORS.muted)
      .text(quote.footer, left, doc.y, { width: contentWidth });
  }

  stampPageNumbers(doc, `Devis ${quote.number}`);
  doc.end();
  return done;
}
