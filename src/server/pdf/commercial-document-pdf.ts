import type { CommercialDocument, DocumentLine } from "@shared/domain/commercial-document";
import { totalsWording } from "@shared/domain/totals-wording";
import { formatDate, formatMoney } from "@shared/format";
import { depositAskedText } from "@shared/schemas/quotes";
import { attachFacturx, xmpSafe } from "../facturx/pdfa";
import {
  BOTTOM_LIMIT,
  BOX,
  COLORS,
  drawBuyer,
  drawDeliveryAddress,
  drawLineTable,
  drawSeller,
  drawTitle,
  drawTotals,
  openPdf,
  PAGE,
  type Pdf,
  present,
  stampPageNumbers,
  type TotalsRow,
  vatTotalsRows,
  watermarkDrafts,
} from "./document-layout";

// One renderer for the commercial documents (issue 13 §4): an invoice, a credit note and a quote print
// their lines, discounts, VAT breakdown and mentions from the same model, so a rule printed on one is
// printed on all. A quote adds only what an offer has: validity, the planned work, its own price and the
// client's « Bon pour accord ».

/** What only a quote prints. */
export type QuoteTerms = {
  validUntil: string;
  startDate: string | null;
  estimatedDuration: string | null;
  /** The deposit asked at order, in basis points of the total; null: none. */
  depositPercentBp: number | null;
  /** What the quote itself costs, TTC; 0: free. */
  feeCents: number;
  terms: string | null;
  /** A draft carries a watermark. */
  isDraft: boolean;
};

export type DocumentExtras = {
  footer: string | null;
  /** PNG or JPEG bytes (the formats a PDF embeds natively). */
  logo: Uint8Array | null;
  /**
   * The CII XML of an issued invoice or credit note: the PDF becomes Factur-X (PDF/A-3b with
   * factur-x.xml). A draft has none and prints as a plain PDF.
   */
  facturx?: { xml: string; issuedAt: Date };
  /** Present for a quote: the document is printed as a « Devis ». */
  quote?: QuoteTerms;
  /**
   * A document without legal value (the registration invoice of a test payment): this line under the
   * number, and « ESSAI » across every page.
   */
  specimen?: string;
  /** Print the buyer's e-mail (a buyer known by their account, with no address on record). */
  showsBuyerEmail?: boolean;
};

export const ACCEPTANCE_MENTION = "Date, signature et mention « Bon pour accord »";

function serviceLine(service: CommercialDocument["service"]): string | null {
  if (!service) return null;
  if (!service.end) return `Date de la prestation : ${formatDate(service.start)}`;
  return `Période de la prestation : du ${formatDate(service.start)} au ${formatDate(service.end)}`;
}

/**
 * The legal mentions in print order: VAT exemption, VAT option and other mentions, payment terms, then
 * penalties and discount. A quote asks for no payment yet: it prints whether it is itself paid instead of
 * the penalties, which belong to the invoice that follows.
 */
function printedMentions(document: CommercialDocument, quote: QuoteTerms | undefined): string[] {
  const exemptions = new Set(document.vatBreakdown.map((entry) => entry.exemptionReason).filter(present));
  const printed = document.notes.filter((note) => note.isPrinted);
  // Whether the quote itself is paid is part of the offer (arrêté du 24 janvier 2017 for repair trades).
  const fee = quote
    ? quote.feeCents > 0
      ? `Devis payant : ${formatMoney(quote.feeCents)} TTC`
      : "Devis gratuit"
    : null;
  return [
    fee,
    ...exemptions,
    ...printed.filter((note) => note.subject === null).map((note) => note.text),
    document.paymentTerms,
    ...(quote ? [] : printed.filter((note) => note.subject !== null).map((note) => note.text)),
  ].filter(present);
}

const percentLabel = (bp: number) => `${(bp / 100).toLocaleString("fr-FR")} %`;

/** A discounted line prints its discount under its description; the total column is net of it. */
function printedLine(line: DocumentLine): DocumentLine {
  if (line.discountCents === 0) return line;
  const rate = line.discountKind === "percent" ? ` ${percentLabel(line.discountValue ?? 0)}` : "";
  return {
    ...line,
    description: `${line.description}\nRemise${rate} : ${formatMoney(-line.discountCents)}`,
  };
}

/** The document discount, then the deposits a final invoice deducts, around the VAT totals. */
function totalsRows(document: CommercialDocument): TotalsRow[] {
  const discounts = document.allowances.reduce((sum, entry) => sum + entry.amountCents, 0);
  const percentBp = document.allowances[0]?.percentBp ?? null;
  const before =
    discounts === 0
      ? []
      : [
          {
            label: totalsWording(document.isFranchise).beforeDiscount,
            value: formatMoney(document.linesCents),
          },
          {
            label: percentBp === null ? "Remise" : `Remise ${percentLabel(percentBp)}`,
            value: formatMoney(-discounts),
          },
        ];
  const rows: TotalsRow[] = [
    ...before,
    ...vatTotalsRows(
      {
        subtotalCents: document.subtotalCents,
        byRate: document.vatBreakdown,
        totalCents: document.totalCents,
      },
      {
        isFranchise: document.isFranchise,
        totalLabel: document.kind === "avoir" ? "Total de l'avoir" : undefined,
      },
    ),
  ];
  for (const deposit of document.deposits)
    rows.push({
      // The totals column is narrow: the deposit's date is on its own invoice.
      label: `Acompte ${deposit.number}`,
      value: formatMoney(-deposit.totalCents),
    });
  if (document.paidCents > 0) rows.push({ label: "Déjà réglé", value: formatMoney(document.paidCents) });
  if (document.paidCents > 0 || document.deposits.length > 0)
    rows.push({ label: "Reste à payer", value: formatMoney(document.dueCents), isStrong: true });
  return rows;
}

/** The title block's lines: an invoice's number and dates, or a quote's validity and planned work. */
function heading(document: CommercialDocument, quote: QuoteTerms | undefined) {
  if (quote)
    return {
      title: "Devis",
      subtitles: [`N° ${document.number}`, ...(quote.isDraft ? ["Brouillon — non envoyé"] : [])],
      details: [
        `Date du devis : ${formatDate(document.issueDate)}`,
        `Valable jusqu'au : ${formatDate(quote.validUntil)}`,
        quote.startDate ? `Début des travaux : ${formatDate(quote.startDate)}` : null,
        quote.estimatedDuration ? `Durée estimée : ${quote.estimatedDuration}` : null,
        quote.depositPercentBp === null
          ? null
          : depositAskedText(document.vatBreakdown, quote.depositPercentBp, document.isFranchise),
      ].filter(present),
    };
  const { precedingInvoice } = document;
  return {
    title: document.kind === "avoir" ? "Avoir" : document.isDeposit ? "Facture d'acompte" : "Facture",
    subtitles: [document.number ? `N° ${document.number}` : "Brouillon — sans valeur légale"],
    details: [
      `Date d'émission : ${formatDate(document.issueDate)}`,
      serviceLine(document.service),
      document.dueDate ? `Échéance : ${formatDate(document.dueDate)}` : null,
      precedingInvoice
        ? `Avoir sur la facture ${precedingInvoice.number} du ${formatDate(precedingInvoice.date)}`
        : null,
    ].filter(present),
  };
}

/** "Bon pour accord": the client dates and signs, by hand, under the handwritten mention. */
function drawAcceptance(doc: Pdf, document: CommercialDocument) {
  const blockHeight = 96;
  const blockWidth = 250;
  let blockTop = doc.y + 10;
  if (blockTop + blockHeight > BOTTOM_LIMIT) {
    doc.addPage();
    blockTop = PAGE.margin;
  }
  const blockX = BOX.right - blockWidth;
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
  const { buyer } = document;
  doc.text(`Pour ${buyer.company ?? buyer.name}`, blockX + 12, doc.y + 2, { width: blockWidth - 24 });
  doc.x = BOX.left;
  doc.y = blockTop + blockHeight;
}

/**
 * Renders a French invoice, credit note or (with `extras.quote`) quote from the commercial document:
 * identities, lines with their discounts, totals per VAT rate, dates, mentions, page numbers; Factur-X
 * for an issued invoice or credit note.
 */
export function renderCommercialDocumentPdf(
  document: CommercialDocument,
  extras: DocumentExtras,
): Promise<Buffer> {
  const { seller } = document;
  const { quote } = extras;
  const { title, details, ...titled } = heading(document, quote);
  const subtitles = extras.specimen ? [...titled.subtitles, extras.specimen] : titled.subtitles;
  const { doc, done } = openPdf({
    title: document.number ? `${title} ${document.number}` : `${title} (brouillon)`,
    author: extras.facturx ? xmpSafe(seller.legalName) : seller.legalName,
    isArchival: Boolean(extras.facturx),
  });
  if (quote?.isDraft) watermarkDrafts(doc);
  if (extras.specimen) watermarkDrafts(doc, "ESSAI");
  const sellerBottom = drawSeller(doc, seller, extras.logo);
  const titleBottom = drawTitle(doc, { title, subtitles, details });
  const buyerBottom = drawBuyer(doc, document.buyer, {
    heading: quote ? "ADRESSÉ À" : "FACTURÉ À",
    showsEmail: extras.showsBuyerEmail,
    top: Math.max(sellerBottom, titleBottom) + 24,
  });
  const partiesBottom = document.deliveryAddress
    ? drawDeliveryAddress(doc, document.deliveryAddress, buyerBottom + 10)
    : buyerBottom;
  const linesBottom = drawLineTable(doc, document.lines.map(printedLine), partiesBottom + 28);
  const totalsBottom = drawTotals(doc, totalsRows(document), linesBottom);

  // Payment details or validity, notes and the legal mentions.
  doc.x = BOX.left;
  doc.y = totalsBottom + 12;
  const payment =
    document.kind === "facture" && !quote
      ? [seller.iban ? `IBAN : ${seller.iban}` : null, seller.bic ? `BIC : ${seller.bic}` : null].filter(
          present,
        )
      : [];
  if (payment.length) {
    doc
      .font("semibold")
      .fontSize(9)
      .fillColor(COLORS.ink)
      .text("Règlement par virement", { width: BOX.width });
    doc.font("regular").fillColor(COLORS.muted).text(payment.join("   ·   "), { width: BOX.width });
    doc.moveDown(0.6);
  }
  if (quote) {
    doc
      .font("semibold")
      .fontSize(9)
      .fillColor(COLORS.ink)
      .text(`Devis valable jusqu'au ${formatDate(quote.validUntil)}.`, { width: BOX.width });
    doc.moveDown(0.6);
  }
  for (const text of [document.comment, quote?.terms].filter(present)) {
    doc.font("regular").fontSize(9).fillColor(COLORS.ink).text(text, { width: BOX.width });
    doc.moveDown(0.6);
  }
  doc
    .font("regular")
    .fontSize(8)
    .fillColor(COLORS.muted)
    .text(printedMentions(document, quote).join("\n"), { width: BOX.width, lineGap: 1.5 });
  if (quote) drawAcceptance(doc, document);
  if (extras.footer)
    doc.font("regular").fontSize(8).fillColor(COLORS.muted).moveDown(0.6).text(extras.footer, {
      width: BOX.width,
    });

  stampPageNumbers(doc, quote ? `Devis ${document.number}` : (document.number ?? `${title} brouillon`));
  if (extras.facturx) attachFacturx(doc, extras.facturx.xml, { issuedAt: extras.facturx.issuedAt });
  doc.end();
  return done;
}
