import { registrationLine } from "@shared/domain/legal-identity";
import { VAT_RATE_LABELS, type VatRateBp } from "@shared/domain/money";
import { totalsWording } from "@shared/domain/totals-wording";
import { formatMoney, formatUnit } from "@shared/format";
import PDFDocument from "pdfkit";
import type { InvoiceBuyer, InvoiceSeller } from "../db/schema/index";
import { pdfFonts } from "./fonts";

// The page geometry, palette and blocks every business document shares (invoice, credit note, quote), so
// they read as one product and a layout fix lands everywhere.

export const PAGE = { width: 595.28, height: 841.89, margin: 48 };
export const COLORS = {
  ink: "#161a2b",
  muted: "#5b6275",
  rule: "#e3e6ee",
  accent: "#4f46e5",
  watermark: "#eef0f5",
};
export const BOX = {
  left: PAGE.margin,
  right: PAGE.width - PAGE.margin,
  width: PAGE.width - 2 * PAGE.margin,
};
/** Lowest y for content: the bottom margin holds the page numbers. */
export const BOTTOM_LIMIT = PAGE.height - PAGE.margin - 20;

export type Pdf = PDFKit.PDFDocument;

export type PrintableLine = {
  description: string;
  quantity: number;
  unit: string | null;
  unitPriceCents: number;
  vatRateBp: number;
  totalCents: number;
};

export const vatLabel = (rate: number) =>
  VAT_RATE_LABELS[rate as VatRateBp] ?? `${(rate / 100).toLocaleString("fr-FR")} %`;
const quantityLabel = (quantity: number) => quantity.toLocaleString("fr-FR", { maximumFractionDigits: 3 });
export const present = (line: string | null | undefined): line is string => Boolean(line);

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
 * An A4 document with the embedded fonts, buffered pages (for page numbers) and its bytes as a promise.
 * `isArchival` makes it PDF/A-3b (XMP identification, sRGB output intent), the base of a Factur-X invoice.
 */
export function openPdf({
  title,
  author,
  margin = PAGE.margin,
  footerHeight = 20,
  isArchival = false,
}: {
  title: string;
  author: string;
  margin?: number;
  /** Room kept under the bottom margin for the page footer. */
  footerHeight?: number;
  isArchival?: boolean;
}): {
  doc: Pdf;
  done: Promise<Buffer>;
} {
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: margin, bottom: margin + footerHeight, left: margin, right: margin },
    bufferPages: true,
    lang: "fr-FR",
    ...(isArchival ? { subset: "PDF/A-3b" as const, pdfVersion: "1.7" as const } : {}),
    info: { Title: title, Author: author, Creator: "Ardoise" },
  });
  for (const [name, font] of Object.entries(pdfFonts())) doc.registerFont(name, font as never);
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  return { doc, done };
}

/** The seller block, top left, under the logo if any; returns its bottom. */
export function drawSeller(doc: Pdf, seller: InvoiceSeller, logo: Uint8Array | null): number {
  let y = PAGE.margin;
  if (logo) {
    try {
      doc.image(Buffer.from(logo), BOX.left, y, { fit: [120, 48] });
      y += 58;
    } catch {
      // An unreadable logo must never prevent a document from being printed.
    }
  }
  doc.font("bold").fontSize(12).fillColor(COLORS.ink).text(seller.legalName, BOX.left, y, { width: 280 });
  doc.font("regular").fontSize(9).fillColor(COLORS.muted);
  const lines = [
    seller.companyName,
    ...addressLines(seller.address),
    seller.siret ? `SIRET ${seller.siret}` : seller.siren ? `SIREN ${seller.siren}` : null,
    seller.apeCode ? `APE ${seller.apeCode}` : null,
    registrationLine(seller),
    seller.vatNumber ? `N° TVA intracommunautaire : ${seller.vatNumber}` : null,
    seller.email,
    seller.phone,
  ].filter(present);
  doc.text(lines.join("\n"), BOX.left, doc.y + 2, { width: 280 });
  return doc.y;
}

/** The document's title, number and dates, top right; returns its bottom. */
export function drawTitle(
  doc: Pdf,
  { title, subtitles, details }: { title: string; subtitles: string[]; details: string[] },
): number {
  doc
    .font("bold")
    .fontSize(22)
    .fillColor(COLORS.accent)
    .text(title.toUpperCase(), BOX.left, PAGE.margin, { width: BOX.width, align: "right" });
  doc.font("semibold").fontSize(10).fillColor(COLORS.ink);
  for (const subtitle of subtitles) doc.text(subtitle, { width: BOX.width, align: "right" });
  doc
    .font("regular")
    .fontSize(9)
    .fillColor(COLORS.muted)
    .text(details.join("\n"), { width: BOX.width, align: "right" });
  return doc.y;
}

/** The buyer block, right half, from `top`; returns its bottom. */
export function drawBuyer(
  doc: Pdf,
  buyer: InvoiceBuyer,
  { heading, top, showsEmail = false }: { heading: string; top: number; showsEmail?: boolean },
): number {
  const x = BOX.left + BOX.width / 2;
  doc.font("semibold").fontSize(8).fillColor(COLORS.muted).text(heading, x, top);
  doc
    .font("bold")
    .fontSize(11)
    .fillColor(COLORS.ink)
    .text(buyer.company ?? buyer.name, x, doc.y + 2, { width: BOX.width / 2 });
  doc.font("regular").fontSize(9).fillColor(COLORS.muted);
  const lines = [
    buyer.company && buyer.contactName ? `À l'attention de ${buyer.contactName}` : null,
    ...addressLines(buyer.address),
    buyer.siret ? `SIRET ${buyer.siret}` : buyer.siren ? `SIREN ${buyer.siren}` : null,
    buyer.vatNumber ? `N° TVA : ${buyer.vatNumber}` : null,
    showsEmail ? buyer.email : null,
  ].filter(present);
  if (lines.length) doc.text(lines.join("\n"), x, doc.y + 2, { width: BOX.width / 2 });
  return doc.y;
}

/** A delivery address under the buyer, when the goods or services go elsewhere; returns its bottom. */
export function drawDeliveryAddress(doc: Pdf, address: InvoiceSeller["address"], top: number): number {
  const x = BOX.left + BOX.width / 2;
  doc.font("semibold").fontSize(8).fillColor(COLORS.muted).text("ADRESSE DE LIVRAISON", x, top);
  doc
    .font("regular")
    .fontSize(9)
    .text(addressLines(address).join("\n"), x, doc.y + 2, { width: BOX.width / 2 });
  return doc.y;
}

const COLUMNS = [
  { label: "Description", x: 0, width: 215, align: "left" as const },
  { label: "Qté", x: 220, width: 45, align: "right" as const },
  { label: "Unité", x: 270, width: 50, align: "left" as const },
  { label: "PU HT", x: 322, width: 70, align: "right" as const },
  { label: "TVA", x: 396, width: 40, align: "right" as const },
  { label: "Total HT", x: 440, width: BOX.width - 440, align: "right" as const },
];

/** The lines table from `top`, repeating its header on each new page; returns the y after it. */
export function drawLineTable(doc: Pdf, lines: PrintableLine[], top: number): number {
  const header = (at: number) => {
    doc.font("semibold").fontSize(8).fillColor(COLORS.muted);
    for (const column of COLUMNS)
      doc.text(column.label.toUpperCase(), BOX.left + column.x, at, {
        width: column.width,
        align: column.align,
      });
    doc
      .moveTo(BOX.left, at + 14)
      .lineTo(BOX.right, at + 14)
      .strokeColor(COLORS.rule)
      .lineWidth(1)
      .stroke();
    return at + 22;
  };
  let y = header(top);
  const descriptionWidth = COLUMNS[0]?.width ?? 215;
  for (const line of lines) {
    doc.font("regular").fontSize(9);
    const height = Math.max(doc.heightOfString(line.description, { width: descriptionWidth }), 12);
    if (y + height > BOTTOM_LIMIT - 40) {
      doc.addPage();
      y = header(PAGE.margin);
    }
    doc.fillColor(COLORS.ink).text(line.description, BOX.left, y, { width: descriptionWidth });
    const cells = [
      quantityLabel(line.quantity),
      line.unit ? formatUnit(line.quantity, line.unit) : "",
      formatMoney(line.unitPriceCents),
      vatLabel(line.vatRateBp),
      formatMoney(line.totalCents),
    ];
    cells.forEach((cell, index) => {
      const column = COLUMNS[index + 1];
      if (column) doc.text(cell, BOX.left + column.x, y, { width: column.width, align: column.align });
    });
    y += height + 8;
    doc
      .moveTo(BOX.left, y - 4)
      .lineTo(BOX.right, y - 4)
      .strokeColor(COLORS.rule)
      .lineWidth(0.5)
      .stroke();
  }
  return y;
}

export type TotalsRow = { label: string; value: string; isStrong?: boolean };

/** The totals column (excl. VAT, VAT per rate, total…), right-aligned from `top`; returns the y after it. */
export function drawTotals(doc: Pdf, rows: TotalsRow[], top: number): number {
  const x = BOX.left + BOX.width - 230;
  let y = top + 8;
  for (const { label, value, isStrong = false } of rows) {
    if (y > BOTTOM_LIMIT - 100) {
      doc.addPage();
      y = PAGE.margin;
    }
    doc
      .font(isStrong ? "bold" : "regular")
      .fontSize(isStrong ? 11 : 9)
      .fillColor(isStrong ? COLORS.ink : COLORS.muted);
    doc.text(label, x, y, { width: 140 });
    doc.fillColor(COLORS.ink).text(value, x + 140, y, { width: 90, align: "right" });
    y += isStrong ? 20 : 15;
  }
  return y;
}

/**
 * "Total HT", one line per VAT rate, "Total TTC": the totals every French document prints. Under the VAT
 * franchise an invoice charges no VAT: no VAT line, and "Total à payer".
 */
export function vatTotalsRows(
  totals: {
    subtotalCents: number;
    byRate: { vatRateBp: number; baseCents: number; vatCents: number }[];
    totalCents: number;
  },
  { isFranchise = false, totalLabel }: { isFranchise?: boolean; totalLabel?: string } = {},
): TotalsRow[] {
  const wording = totalsWording(isFranchise);
  if (!wording.showsVat)
    return [{ label: totalLabel ?? wording.total, value: formatMoney(totals.totalCents), isStrong: true }];
  return [
    { label: "Total HT", value: formatMoney(totals.subtotalCents) },
    ...totals.byRate.map((rate) => ({
      label: `TVA ${vatLabel(rate.vatRateBp)} sur ${formatMoney(rate.baseCents)}`,
      value: formatMoney(rate.vatCents),
    })),
    { label: totalLabel ?? wording.total, value: formatMoney(totals.totalCents), isStrong: true },
  ];
}

/** "<label> · Page n / N" in the bottom margin of every page; call once all content is drawn. */
export function stampPageNumbers(doc: Pdf, label: string): void {
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    // Writing inside the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    doc.font("regular").fontSize(7.5).fillColor(COLORS.muted);
    doc.text(`${label} · Page ${index + 1} / ${range.count}`, BOX.left, PAGE.height - PAGE.margin + 10, {
      width: BOX.width,
      align: "right",
      lineBreak: false,
    });
  }
}

/** A diagonal word ("BROUILLON" by default) behind the content of every page of a draft or a specimen. */
export function watermarkDrafts(doc: Pdf, word = "BROUILLON"): void {
  const draw = () => {
    const { x, y } = doc;
    doc.save();
    doc.rotate(-35, { origin: [PAGE.width / 2, PAGE.height / 2] });
    doc
      .font("bold")
      .fontSize(96)
      .fillColor(COLORS.watermark)
      .text(word, 0, PAGE.height / 2 - 48, { width: PAGE.width, align: "center", lineBreak: false });
    doc.restore();
    doc.x = x;
    doc.y = y;
  };
  doc.on("pageAdded", draw);
  draw();
}
