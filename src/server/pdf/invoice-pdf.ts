import type { CommercialDocument, DocumentLine } from "@shared/domain/commercial-document";
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
  type TotalsRow,
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
            label: document.isFranchise ? "Total avant remise" : "Total HT avant remise",
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

/**
 * Renders a French invoice or credit note from the commercial document: identities, lines, totals per
 * VAT rate, service date or period, mentions, page numbers; Factur-X once issued.
 */
export function renderInvoicePdf(document: CommercialDocument, extras: InvoiceExtras): Promise<Buffer> {
  const title = document.kind === "avoir" ? "Avoir" : document.isDeposit ? "Facture d'acompte" : "Facture";
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
        ? `Avoir sur la facture ${precedingInvoice.number} du ${formatDate(precedingInvoice.date)}`
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
  const linesBottom = drawLineTable(doc, document.lines.map(printedLine), partiesBottom + 28);
  const totalsBottom = drawTotals(doc, totalsRows(document), linesBottom);

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
