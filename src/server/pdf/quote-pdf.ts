import { VAT_RATE_LABELS, type VatRateBp } from "@shared/domain/money";
import { formatDate, formatMoney } from "@shared/format";
import PDFDocument from "pdfkit";
import type { InvoiceBuyer, InvoiceSeller } from "../db/schema/index";
import { FONT_FILES } from "./fonts";
import type { PrintableLine } from "./invoice-pdf";

export type PrintableQuote = {
  number: string;
  isDraft: boolean;
  date: string;
  validUntil: string;
  seller: InvoiceSeller;
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

// The invoice's page geometry and palette, so both documents look like one product.
const PAGE = { width: 595.28, height: 841.89, margin: 48 };
const INK = "#161a2b";
const MUTED = "#5b6275";
const RULE = "#e3e6ee";
const ACCENT = "#4f46e5";
const WATERMARK = "#eef0f5";

export const ACCEPTANCE_MENTION = "Date, signature et mention « Bon pour accord »";

const vatLabel = (rate: number) =>
  VAT_RATE_LABELS[rate as VatRateBp] ?? `${(rate / 100).toLocaleString("fr-FR")} %`;
const quantityLabel = (quantity: number) => quantity.toLocaleString("fr-FR", { maximumFractionDigits: 3 });
const present = (line: string | null | undefined): line is string => Boolean(line);

function addressLines(address: InvoiceSeller["address"]): string[] {
  const city = [address.postalCode, address.city].filter(Boolean).join(" ");
  return [
    address.line1,
    address.line2,
    city,
    address.country && address.country !== "FR" ? address.country : null,
  ].filter(present);
}

/**
 * Renders a French quote (devis): identities, lines, totals per VAT rate, validity, the seller's VAT
 * mention, a "Bon pour accord" signature block and page numbers; a draft carries a watermark.
 */
export function renderQuotePdf(quote: PrintableQuote): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: PAGE.margin, bottom: PAGE.margin + 20, left: PAGE.margin, right: PAGE.margin },
    bufferPages: true,
    lang: "fr-FR",
    info: { Title: `Devis ${quote.number}`, Author: quote.seller.legalName, Creator: "Ardoise" },
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

  // A draft's watermark, drawn first on every page so the content prints over it.
  const watermark = () => {
    if (!quote.isDraft) return;
    const { x, y } = doc;
    doc.save();
    doc.rotate(-35, { origin: [PAGE.width / 2, PAGE.height / 2] });
    doc
      .font("bold")
      .fontSize(96)
      .fillColor(WATERMARK)
      .text("BROUILLON", 0, PAGE.height / 2 - 48, { width: PAGE.width, align: "center", lineBreak: false });
    doc.restore();
    doc.x = x;
    doc.y = y;
  };
  doc.on("pageAdded", watermark);
  watermark();

  const left = PAGE.margin;
  const right = PAGE.width - PAGE.margin;
  const contentWidth = right - left;
  const bottomLimit = PAGE.height - PAGE.margin - 20;

  // Seller (left) and document identity (right).
  let y = PAGE.margin;
  if (quote.logo) {
    try {
      doc.image(Buffer.from(quote.logo), left, y, { fit: [120, 48] });
      y += 58;
    } catch {
      // An unreadable logo must never prevent a quote from being printed.
    }
  }
  const seller = quote.seller;
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
  ].filter(present);
  doc.text(sellerLines.join("\n"), left, doc.y + 2, { width: 280 });
  const sellerBottom = doc.y;

  doc
    .font("bold")
    .fontSize(22)
    .fillColor(ACCENT)
    .text("DEVIS", left, PAGE.margin, { width: contentWidth, align: "right" });
  doc.font("semibold").fontSize(10).fillColor(INK);
  doc.text(`N° ${quote.number}`, { width: contentWidth, align: "right" });
  if (quote.isDraft) doc.text("Brouillon — non envoyé", { width: contentWidth, align: "right" });
  doc.font("regular").fontSize(9).fillColor(MUTED);
  doc.text(
    [`Date du devis : ${formatDate(quote.date)}`, `Valable jusqu'au : ${formatDate(quote.validUntil)}`].join(
      "\n",
    ),
    { width: contentWidth, align: "right" },
  );

  // Buyer.
  y = Math.max(sellerBottom, doc.y) + 24;
  const buyer = quote.buyer;
  const buyerX = left + contentWidth / 2;
  doc.font("semibold").fontSize(8).fillColor(MUTED).text("ADRESSÉ À", buyerX, y);
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
  ].filter(present);
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
  for (const line of quote.lines) {
    doc.font("regular").fontSize(9);
    const height = Math.max(doc.heightOfString(line.description, { width: columns[0]?.width }), 12);
    if (y + height > bottomLimit - 40) {
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

  // Totals per VAT rate, then the total.
  const totalsX = left + contentWidth - 230;
  const row = (label: string, value: string, { strong = false } = {}) => {
    if (y > bottomLimit - 100) {
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
  row("Total HT", formatMoney(quote.subtotalCents));
  for (const rate of quote.byRate) {
    row(`TVA ${vatLabel(rate.vatRateBp)} sur ${formatMoney(rate.baseCents)}`, formatMoney(rate.vatCents));
  }
  row("Total TTC", formatMoney(quote.totalCents), { strong: true });

  // Validity, notes, terms and mentions.
  y += 12;
  doc.x = left;
  doc.y = y;
  doc
    .font("semibold")
    .fontSize(9)
    .fillColor(INK)
    .text(`Devis valable jusqu'au ${formatDate(quote.validUntil)}.`, { width: contentWidth });
  doc.moveDown(0.6);
  for (const text of [quote.notes, quote.terms].filter(present)) {
    doc.font("regular").fontSize(9).fillColor(INK).text(text, { width: contentWidth });
    doc.moveDown(0.6);
  }
  if (quote.mentions.length) {
    doc
      .font("regular")
      .fontSize(8)
      .fillColor(MUTED)
      .text(quote.mentions.join("\n"), { width: contentWidth, lineGap: 1.5 });
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
  doc.roundedRect(blockX, blockTop, blockWidth, blockHeight, 6).strokeColor(RULE).lineWidth(1).stroke();
  doc
    .font("semibold")
    .fontSize(9)
    .fillColor(INK)
    .text("Bon pour accord", blockX + 12, blockTop + 10, { width: blockWidth - 24 });
  doc
    .font("regular")
    .fontSize(8)
    .fillColor(MUTED)
    .text(ACCEPTANCE_MENTION, blockX + 12, doc.y + 2, { width: blockWidth - 24 });
  doc.text(`Pour ${buyer.company ?? buyer.name}`, blockX + 12, doc.y + 2, { width: blockWidth - 24 });
  doc.x = left;
  doc.y = blockTop + blockHeight + 10;
  if (quote.footer) {
    doc.font("regular").fontSize(8).fillColor(MUTED).text(quote.footer, left, doc.y, { width: contentWidth });
  }

  // Page numbers on every page, in the bottom margin.
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    // Writing inside the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    const label = `Devis ${quote.number} · Page ${index + 1} / ${range.count}`;
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
