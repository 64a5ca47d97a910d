import { VAT_RATE_LABELS, type VatRateBp } from "@shared/domain/money";
import { formatDate, formatMoney } from "@shared/format";
import PDFDocument from "pdfkit";
import type { InvoiceBuyer, InvoiceSeller } from "../db/schema/index";
import { FONT_FILES } from "./fonts";

export type PrintableLine = {
  description: string;
  quantity: number;
  unit: string | null;
  unitPriceCents: number;
  vatRateBp: number;
  totalCents: number;
};

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

const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const INK = "#161a2b";
const MUTED = "#5b6275";
const RULE = "#e3e6ee";
const ACCENT = "#4f46e5";

const vatLabel = (rate: number) =>
  VAT_RATE_LABELS[rate as VatRateBp] ?? `${(rate / 100).toLocaleString("fr-FR")} %`;
const quantityLabel = (quantity: number) => quantity.toLocaleString("fr-FR", { maximumFractionDigits: 3 });

function addressLines(address: InvoiceSeller["address"]): string[] {
  const city = [address.postalCode, address.city].filter(Boolean).join(" ");
  return [
    address.line1,
    address.line2,
    city,
    address.country && address.country !== "FR" ? address.country : null,
  ].filter((line): line is string => Boolean(line));
}

/** Renders a French invoice or credit note: identities, lines, totals per VAT rate, mentions, page numbers. */
export function renderInvoicePdf(invoice: PrintableInvoice): Promise<Buffer> {
  const title = invoice.kind === "avoir" ? "Avoir" : "Facture";
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: PAGE.margin, bottom: PAGE.margin + 20, left: PAGE.margin, right: PAGE.margin },
    bufferPages: true,
    lang: "fr-FR",
    info: {
      Title: invoice.number ? `${title} ${invoice.number}` : `${title} (brouillon)`,
      Author: invoice.seller.legalName,
      Creator: "Ardoise",
    },
  });
  doc.registerFont("regular", FONT_FILES.regular);
  doc.registerFont("semibold", FONT_FILES.semibold);
  doc.registerFont("bold", FONT_FILES.bold);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });

  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  const contentWidth = right - left;

  // Seller (left) and document identity (right).
  let y = PAGE.margin;
  if (invoice.logo) {
    try {
      doc.image(Buffer.from(invoice.logo), left, y, { fit: [120, 48] });
      y += 58;
    } catch {
      // An unreadable logo must never prevent an invoice from being printed.
    }
  }
  const seller = invoice.seller;
  doc.font("bold").fontSize(12).fillColor(INK).text(seller.legalName, left, y, { width: 280 });
  doc.font("regular").fontSize(9).fillColor(MUTED);
  const sellerLines = [
    seller.companyName,
    ...addressLines(seller.address),
    seller.siret ? `SIRET ${seller.siret}` : seller.siren ? `SIREN ${seller.siren}` : null,
    seller.apeCode ? `APE ${seller.apeCode}` : null,
    seller.registrationMention,
    seller.vatNumber ? `N° TVA intracommunautaire : ${seller.vatNumber}` : null,
    seller.email,
    seller.phone,
  ].filter((line): line is string => Boolean(line));
  doc.text(sellerLines.join("\n"), left, doc.y + 2, { width: 280 });
  const sellerBottom = doc.y;

  doc
    .font("bold")
    .fontSize(22)
    .fillColor(ACCENT)
    .text(title.toUpperCase(), left, PAGE.margin, { width: contentWidth, align: "right" });
  doc.font("semibold").fontSize(10).fillColor(INK);
  doc.text(invoice.number ? `N° ${invoice.number}` : "Brouillon — sans valeur légale", {
    width: contentWidth,
    align: "right",
  });
  doc.font("regular").fontSize(9).fillColor(MUTED);
  const dates = [
    `Date d'émission : ${formatDate(invoice.date)}`,
    invoice.serviceDate ? `Date de la prestation : ${formatDate(invoice.serviceDate)}` : null,
    invoice.dueDate ? `Échéance : ${formatDate(invoice.dueDate)}` : null,
    invoice.creditedNumber ? `Annule la facture ${invoice.creditedNumber}` : null,
  ].filter((line): line is string => Boolean(line));
  doc.text(dates.join("\n"), { width: contentWidth, align: "right" });

  // Buyer.
  y = Math.max(sellerBottom, doc.y) + 24;
  const buyer = invoice.buyer;
  const buyerX = left + contentWidth / 2;
  doc.font("semibold").fontSize(8).fillColor(MUTED).text("FACTURÉ À", buyerX, y);
  doc
    .font("bold")
    .fontSize(11)
    .fillColor(INK)
    .text(buyer.company ?? buyer.name, buyerX, doc.y + 2, { width: contentWidth / 2 });
  doc.font("regular").fontSize(9).fillColor(MUTED);
  const buyerLines = [
    buyer.company && buyer.contactName ? `À l'attention de ${buyer.contactName}` : null,
    ...addressLines(buyer.address),
    buyer.siret ? `SIRET ${buyer.siret}` : buyer.siren ? `SIREN ${buyer.siren}` : null,
    buyer.vatNumber ? `N° TVA : ${buyer.vatNumber}` : null,
  ].filter((line): line is string => Boolean(line));
  if (buyerLines.length) doc.text(buyerLines.join("\n"), buyerX, doc.y + 2, { width: contentWidth / 2 });

  // Lines.
  y = doc.y + 28;
  const columns = [
    { label: "Description", x: left, width: 215, align: "left" as const },
    { label: "Qté", x: left + 220, width: 45, align: "right" as const },
    { label: "Unité", x: left + 270, width: 50, align: "left" as const },
    { label: "PU HT", x: left + 322, width: 70, align: "right" as const },
    { label: "TVA", x: left + 396, width: 40, align: "right" as const },
    { label: "Total HT", x: left + 440, width: contentWidth - 440, align: "right" as const },
  ];
  const header = (top: number) => {
    doc.font("semibold").fontSize(8).fillColor(MUTED);
    for (const column of columns)
      doc.text(column.label.toUpperCase(), column.x, top, { width: column.width, align: column.align });
    doc
      .moveTo(left, top + 14)
      .lineTo(right, top + 14)
      .strokeColor(RULE)
      .lineWidth(1)
      .stroke();
    return top + 22;
  };
  y = header(y);
  for (const line of invoice.lines) {
    doc.font("regular").fontSize(9);
    const height = Math.max(doc.heightOfString(line.description, { width: columns[0]?.width }), 12);
    if (y + height > PAGE.height - PAGE.margin - 60) {
      doc.addPage();
      y = header(PAGE.margin);
    }
    doc.fillColor(INK).text(line.description, left, y, { width: columns[0]?.width });
    const cells = [
      quantityLabel(line.quantity),
      line.unit ?? "",
      formatMoney(line.unitPriceCents),
      vatLabel(line.vatRateBp),
      formatMoney(line.totalCents),
    ];
    cells.forEach((cell, index) => {
      const column = columns[index + 1];
      if (column) doc.text(cell, column.x, y, { width: column.width, align: column.align });
    });
    y += height + 8;
    doc
      .moveTo(left, y - 4)
      .lineTo(right, y - 4)
      .strokeColor(RULE)
      .lineWidth(0.5)
      .stroke();
  }

  // Totals per VAT rate, then the total due.
  const totalsX = left + contentWidth - 230;
  const row = (label: string, value: string, { strong = false } = {}) => {
    if (y > PAGE.height - PAGE.margin - 120) {
      doc.addPage();
      y = PAGE.margin;
    }
    doc
      .font(strong ? "bold" : "regular")
      .fontSize(strong ? 11 : 9)
      .fillColor(strong ? INK : MUTED);
    doc.text(label, totalsX, y, { width: 140 });
    doc.fillColor(INK).text(value, totalsX + 140, y, { width: 90, align: "right" });
    y += strong ? 20 : 15;
  };
  y += 8;
  row("Total HT", formatMoney(invoice.subtotalCents));
  for (const rate of invoice.byRate) {
    row(`TVA ${vatLabel(rate.vatRateBp)} sur ${formatMoney(rate.baseCents)}`, formatMoney(rate.vatCents));
  }
  row("Total TTC", formatMoney(invoice.totalCents), { strong: true });
  if (invoice.paidCents > 0) {
    row("Déjà réglé", formatMoney(invoice.paidCents));
    row("Reste à payer", formatMoney(invoice.totalCents - invoice.paidCents), { strong: true });
  }

  // Payment details, notes and the legal mentions.
  y += 12;
  doc.x = left;
  doc.y = y;
  const payment = [
    seller.iban ? `IBAN : ${seller.iban}` : null,
    seller.bic ? `BIC : ${seller.bic}` : null,
  ].filter((line): line is string => Boolean(line));
  if (payment.length) {
    doc.font("semibold").fontSize(9).fillColor(INK).text("Règlement par virement", { width: contentWidth });
    doc.font("regular").fillColor(MUTED).text(payment.join("   ·   "), { width: contentWidth });
    doc.moveDown(0.6);
  }
  if (invoice.notes) {
    doc.font("regular").fontSize(9).fillColor(INK).text(invoice.notes, { width: contentWidth });
    doc.moveDown(0.6);
  }
  doc
    .font("regular")
    .fontSize(8)
    .fillColor(MUTED)
    .text(invoice.mentions.join("\n"), { width: contentWidth, lineGap: 1.5 });
  if (invoice.footer) {
    doc.moveDown(0.6).text(invoice.footer, { width: contentWidth });
  }

  // Page numbers on every page, in the bottom margin.
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    // Writing inside the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    const label = `${invoice.number ?? `${title} brouillon`} · Page ${index + 1} / ${range.count}`;
    doc.font("regular").fontSize(7.5).fillColor(MUTED);
    doc.text(label, left, PAGE.height - PAGE.margin + 10, {
      width: contentWidth,
      align: "right",
      lineBreak: false,
    });
  }
  doc.end();
  return done;
}
