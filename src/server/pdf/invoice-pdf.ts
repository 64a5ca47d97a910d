import type { CommercialDocument } from "@shared/domain/commercial-document";
import { formatDate, formatMoney } from "@shared/format";
import { attachFacturx, xmpSafe } from "../facturx/pdfa";
import {
  BOX,
  COLORS,
  drawBuyer,
  drawDeliveryAddress,
  drawLineTable,
  drawSeller,
  drawTitle,
  drawTotals,
  openPdf,
  present,
  stampPageNumbers,
  vatTotalsRows,
} from "./document-layout";

export type InvoiceExtras = {
  footer: string | null;
  /** PNG or JPEG bytes (the formats a PDF embeds natively). */
  logo: Uint8Array | null;
  /**
   * The CII XML of an issued document: the PDF becomes Factur-X (PDF/A-3b with factur-x.xml). A draft
   * has none and prints as a plain PDF.
   */
  facturx?: { xml: string; issuedAt: Date };
};

function serviceLine(service: CommercialDocument["service"]): string | null {
  if (!service) return null;
  if (!service.end) return `Date de la prestation : ${formatDate(service.start)}`;
  return `Période de la prestation : du ${formatDate(service.start)} au ${formatDate(service.end)}`;
}

/** The legal mentions in print order: VAT exemption, VAT option, payment terms, penalties, discount. */
function printedMentions(document: CommercialDocument): string[] {
  const exemptions = new Set(document.vatBreakdown.map((entry) => entry.exemptionReason).filter(present));
  const printed = document.notes.filter((note) => note.isPrinted);
  return [
    ...exemptions,
    ...printed.filter((note) => note.subject === null).map((note) => note.text),
    document.paymentTerms,
    ...printed.filter((note) => note.subject !== null).map((note) => note.text),
  ].filter(present);
}

/**
 * Renders a French invoice or credit note from the commercial document: identities, lines, totals per
 * VAT rate, service date or period, mentions, page numbers; Factur-X once issued.
 */
export function renderInvoicePdf(document: CommercialDocument, extras: InvoiceExtras): Promise<Buffer> {
  const title = document.kind === "avoir" ? "Avoir" : "Facture";
  const { seller, precedingInvoice } = document;
  const { doc, done } = openPdf({
    title: document.number ? `${title} ${document.number}` : `${title} (brouillon)`,
    author: extras.facturx ? xmpSafe(seller.legalName) : seller.legalName,
    isArchival: Boolean(extras.facturx),
  });
  const sellerBottom = drawSeller(doc, seller, extras.logo);
  const titleBottom = drawTitle(doc, {
    title,
    subtitles: [document.number ? `N° ${document.number}` : "Brouillon — sans valeur légale"],
    details: [
      `Date d'émission : ${formatDate(document.issueDate)}`,
      serviceLine(document.service),
      document.dueDate ? `Échéance : ${formatDate(document.dueDate)}` : null,
      precedingInvoice
        ? `Annule la facture ${precedingInvoice.number} du ${formatDate(precedingInvoice.date)}`
        : null,
    ].filter(present),
  });
  const buyerBottom = drawBuyer(doc, document.buyer, {
    heading: "FACTURÉ À",
    top: Math.max(sellerBottom, titleBottom) + 24,
  });
  const partiesBottom = document.deliveryAddress
    ? drawDeliveryAddress(doc, document.deliveryAddress, buyerBottom + 10)
    : buyerBottom;
  const linesBottom = drawLineTable(doc, document.lines, partiesBottom + 28);
  const rows = vatTotalsRows(
    { subtotalCents: document.subtotalCents, byRate: document.vatBreakdown, totalCents: document.totalCents },
    {
      isFranchise: document.isFranchise,
      totalLabel: document.kind === "avoir" ? "Total de l'avoir" : undefined,
    },
  );
  if (document.paidCents > 0) {
    rows.push(
      { label: "Déjà réglé", value: formatMoney(document.paidCents) },
      { label: "Reste à payer", value: formatMoney(document.dueCents), isStrong: true },
    );
  }
  const totalsBottom = drawTotals(doc, rows, linesBottom);

  // Payment details, notes and the legal mentions.
  doc.x = BOX.left;
  doc.y = totalsBottom + 12;
  const payment =
    document.kind === "facture"
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
  if (document.comment) {
    doc.font("regular").fontSize(9).fillColor(COLORS.ink).text(document.comment, { width: BOX.width });
    doc.moveDown(0.6);
  }
  doc
    .font("regular")
    .fontSize(8)
    .fillColor(COLORS.muted)
    .text(printedMentions(document).join("\n"), { width: BOX.width, lineGap: 1.5 });
  if (extras.footer) doc.moveDown(0.6).text(extras.footer, { width: BOX.width });

  stampPageNumbers(doc, document.number ?? `${title} brouillon`);
  if (extras.facturx) attachFacturx(doc, extras.facturx.xml, { issuedAt: extras.facturx.issuedAt });
  doc.end();
  return done;
}
