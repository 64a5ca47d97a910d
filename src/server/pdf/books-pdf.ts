import { formatDate, formatMoney } from "@shared/format";
import { type BookDto, bookHeaders, bookSections, bookTitles } from "@shared/schemas/books";
import { BOTTOM_LIMIT, BOX, COLORS, openPdf, PAGE, type Pdf, stampPageNumbers } from "./document-layout";

type Column = { key: keyof typeof bookHeaders.recettes; width: number; align: "left" | "right" };
// 499 pt of A4 width: the nature gets what the short columns leave.
const COLUMNS: Column[] = [
  { key: "date", width: 62, align: "left" },
  { key: "reference", width: 72, align: "left" },
  { key: "party", width: 95, align: "left" },
  { key: "nature", width: 140, align: "left" },
  { key: "amountCents", width: 70, align: "right" },
  { key: "method", width: 60, align: "right" },
];

const cellText = (entry: BookDto["entries"][number], key: Column["key"]): string => {
  if (key === "date") return formatDate(entry.date);
  if (key === "amountCents") return formatMoney(entry.amountCents);
  return entry[key] || "—";
};

/**
 * A book as the tax office asks to see it (issue 13 §3): its period, one row per entry in date order with
 * cash apart (each group with its total), the total, and the page numbers, with the layout and fonts of the
 * business documents.
 */
export async function renderBookPdf(book: BookDto, { ownerName }: { ownerName: string }): Promise<Buffer> {
  const title = `${bookTitles[book.book]} du ${formatDate(book.from)} au ${formatDate(book.to)}`;
  const { doc, done } = openPdf({ title, author: ownerName });
  doc.font("bold").fontSize(16).fillColor(COLORS.accent).text(bookTitles[book.book], BOX.left, PAGE.margin);
  doc
    .font("regular")
    .fontSize(10)
    .fillColor(COLORS.muted)
    .text(`${ownerName} · du ${formatDate(book.from)} au ${formatDate(book.to)}`);
  let y = drawHeader(doc, book, doc.y + 16);
  const sections = bookSections(book);
  for (const section of sections) {
    // A section's title, its first row and its total keep together at a page's foot.
    if (y + 40 > BOTTOM_LIMIT - 30) {
      doc.addPage();
      y = drawHeader(doc, book, PAGE.margin);
    }
    doc.font("semibold").fontSize(9).fillColor(COLORS.accent).text(section.title, BOX.left, y);
    y = doc.y + 4;
    for (const entry of section.entries) {
      doc.font("regular").fontSize(8.5);
      const height = Math.max(
        ...COLUMNS.map((column) =>
          doc.heightOfString(cellText(entry, column.key), { width: column.width - 4 }),
        ),
      );
      if (y + height > BOTTOM_LIMIT - 30) {
        doc.addPage();
        y = drawHeader(doc, book, PAGE.margin);
      }
      drawRow(doc, (column) => cellText(entry, column.key), y, COLORS.ink);
      y += height + 6;
      doc
        .moveTo(BOX.left, y - 3)
        .lineTo(BOX.right, y - 3)
        .strokeColor(COLORS.rule)
        .lineWidth(0.5)
        .stroke();
    }
    if (sections.length > 1) {
      doc
        .font("semibold")
        .fontSize(8.5)
        .fillColor(COLORS.ink)
        .text(`${section.title} : ${formatMoney(section.totalCents)}`, BOX.left, y, {
          width: BOX.width,
          align: "right",
        });
      y = doc.y + 10;
    }
  }
  if (book.entries.length === 0)
    doc
      .font("regular")
      .fontSize(9)
      .fillColor(COLORS.muted)
      .text("Aucune écriture sur la période.", BOX.left, y);
  doc
    .font("bold")
    .fontSize(10)
    .fillColor(COLORS.ink)
    .text(`Total : ${formatMoney(book.totalCents)}`, BOX.left, Math.max(y, doc.y) + 10, {
      width: BOX.width,
      align: "right",
    });
  stampPageNumbers(doc, title);
  doc.end();
  return done;
}

function drawRow(doc: Pdf, text: (column: Column) => string, y: number, color: string) {
  let x = BOX.left;
  for (const column of COLUMNS) {
    doc.fillColor(color).text(text(column), x, y, { width: column.width - 4, align: column.align });
    x += column.width;
  }
}

function drawHeader(doc: Pdf, book: BookDto, top: number): number {
  doc.font("semibold").fontSize(7.5);
  drawRow(doc, (column) => bookHeaders[book.book][column.key].toUpperCase(), top, COLORS.muted);
  const bottom = top + 20;
  doc
    .moveTo(BOX.left, bottom - 4)
    .lineTo(BOX.right, bottom - 4)
    .strokeColor(COLORS.rule)
    .lineWidth(1)
    .stroke();
  return bottom;
}
