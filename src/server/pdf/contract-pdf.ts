import { formatDate, formatMoney } from "@shared/format";
import { openPdf } from "./document-layout";

type Address = {
  line1: string | null;
  line2: string | null;
  postalCode: string | null;
  city: string | null;
  country: string | null;
};

export type ContractParty = {
  /** Printed first: the seller's legal name ("… EI"), the client's company or name. */
  name: string;
  details: string[];
  address: Address;
  /** Who signs: the seller, or the client's contact person. */
  signatory: string | null;
};

export type PrintableContract = {
  number: string | null;
  title: string;
  statusLabel: string;
  isDraft: boolean;
  startDate: string | null;
  endDate: string | null;
  amountCents: number | null;
  signedAt: string | null;
  /** Plain text: "## " starts a heading, blank lines separate paragraphs. */
  content: string;
  seller: ContractParty;
  client: ContractParty;
};

const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const INK = "#161a2b";
const MUTED = "#5b6275";
const RULE = "#e3e6ee";
const ACCENT = "#4f46e5";

function addressLines(address: Address): string[] {
  const city = [address.postalCode, address.city].filter(Boolean).join(" ");
  return [
    address.line1,
    address.line2,
    city,
    address.country && address.country !== "FR" ? address.country : null,
  ].filter((line): line is string => Boolean(line));
}

type Block = { kind: "heading" | "paragraph"; text: string };

/** Splits the contract text into headings and paragraphs (single line breaks stay inside a paragraph). */
export function contractBlocks(content: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: "paragraph", text: paragraph.join("\n") });
    paragraph = [];
  };
  for (const line of content.replace(/\r\n?/g, "\n").split("\n")) {
    if (line.startsWith("## ")) {
      flush();
      blocks.push({ kind: "heading", text: line.slice(3).trim() });
    } else if (!line.trim()) flush();
    else paragraph.push(line);
  }
  flush();
  return blocks;
}

/** Renders a contract: title and number, the parties, key terms, the text, two signature blocks, page numbers. */
export function renderContractPdf(contract: PrintableContract): Promise<Buffer> {
  const { doc, done } = openPdf({
    title: contract.number ? `${contract.title} ${contract.number}` : contract.title,
    author: contract.seller.name,
    margin: PAGE.margin,
    footerHeight: 16,
  });

  const left = PAGE.margin;
  const contentWidth = PAGE.width - 2 * PAGE.margin;
  const bottomLimit = PAGE.height - PAGE.margin - 16;

  // Title.
  doc
    .font("semibold")
    .fontSize(9)
    .fillColor(ACCENT)
    .text("CONTRAT", left, PAGE.margin, { width: contentWidth });
  doc.font("bold").fontSize(20).fillColor(INK).text(contract.title, { width: contentWidth });
  doc
    .font("regular")
    .fontSize(9.5)
    .fillColor(MUTED)
    .text(
      [
        contract.number ? `N° ${contract.number}` : null,
        contract.isDraft ? "Brouillon" : contract.statusLabel,
        contract.signedAt ? `Signé le ${formatDate(contract.signedAt)}` : null,
      ]
        .filter(Boolean)
        .join("  ·  "),
      { width: contentWidth },
    );

  // Parties side by side.
  const columnWidth = (contentWidth - 24) / 2;
  let y = doc.y + 18;
  const party = (label: string, value: ContractParty, x: number) => {
    doc.font("semibold").fontSize(8).fillColor(MUTED).text(label, x, y, { width: columnWidth });
    doc
      .font("bold")
      .fontSize(11)
      .fillColor(INK)
      .text(value.name, x, doc.y + 2, { width: columnWidth });
    const lines = [...value.details, ...addressLines(value.address)];
    if (lines.length)
      doc
        .font("regular")
        .fontSize(9)
        .fillColor(MUTED)
        .text(lines.join("\n"), x, doc.y + 2, { width: columnWidth });
    return doc.y;
  };
  const sellerBottom = party("LE PRESTATAIRE", contract.seller, left);
  const clientBottom = party("LE CLIENT", contract.client, left + columnWidth + 24);
  y = Math.max(sellerBottom, clientBottom) + 16;

  // Key terms.
  const terms = [
    contract.startDate ? `Début : ${formatDate(contract.startDate)}` : null,
    contract.endDate ? `Fin : ${formatDate(contract.endDate)}` : null,
    contract.amountCents !== null ? `Montant : ${formatMoney(contract.amountCents)} HT` : null,
  ].filter((term): term is string => Boolean(term));
  doc
    .moveTo(left, y)
    .lineTo(left + contentWidth, y)
    .strokeColor(RULE)
    .lineWidth(1)
    .stroke();
  y += 10;
  if (terms.length) {
    doc
      .font("semibold")
      .fontSize(9.5)
      .fillColor(INK)
      .text(terms.join("     "), left, y, { width: contentWidth });
    y = doc.y + 10;
    doc
      .moveTo(left, y)
      .lineTo(left + contentWidth, y)
      .strokeColor(RULE)
      .lineWidth(1)
      .stroke();
    y += 12;
  }

  // The text.
  doc.x = left;
  doc.y = y;
  for (const block of contractBlocks(contract.content)) {
    if (block.kind === "heading") {
      // A heading never ends a page alone.
      if (doc.y > bottomLimit - 60) doc.addPage();
      doc.moveDown(0.5);
      doc.font("bold").fontSize(11).fillColor(INK).text(block.text, left, doc.y, { width: contentWidth });
      doc.moveDown(0.25);
    } else {
      doc
        .font("regular")
        .fontSize(10)
        .fillColor(INK)
        .text(block.text, left, doc.y, { width: contentWidth, align: "justify", lineGap: 2 });
      doc.moveDown(0.6);
    }
  }

  // Signature blocks, kept together on one page.
  const signatureHeight = 130;
  if (doc.y + signatureHeight > bottomLimit) doc.addPage();
  y = doc.y + 16;
  const signature = (label: string, value: ContractParty, x: number) => {
    doc.font("semibold").fontSize(8).fillColor(MUTED).text(label, x, y, { width: columnWidth });
    doc
      .font("bold")
      .fontSize(10)
      .fillColor(INK)
      .text(value.name, x, doc.y + 2, { width: columnWidth });
    if (value.signatory && value.signatory !== value.name)
      doc
        .font("regular")
        .fontSize(9)
        .fillColor(MUTED)
        .text(`Représenté par ${value.signatory}`, x, doc.y + 1, {
          width: columnWidth,
        });
    return doc.y;
  };
  const boxTop =
    Math.max(
      signature("POUR LE PRESTATAIRE", contract.seller, left),
      signature("POUR LE CLIENT", contract.client, left + columnWidth + 24),
    ) + 6;
  for (const x of [left, left + columnWidth + 24]) {
    doc
      .font("regular")
      .fontSize(8)
      .fillColor(MUTED)
      .text("Date, signature et mention « Lu et approuvé »", x, boxTop, { width: columnWidth });
    doc
      .roundedRect(x, boxTop + 14, columnWidth, 64, 6)
      .strokeColor(RULE)
      .lineWidth(1)
      .stroke();
  }

  // Page numbers on every page, in the bottom margin.
  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    // Writing inside the bottom margin would otherwise start a new page.
    doc.page.margins.bottom = 0;
    const label = `${contract.number ?? "Contrat brouillon"} · Page ${index + 1} / ${range.count}`;
    doc.font("regular").fontSize(7.5).fillColor(MUTED);
    doc.text(label, left, PAGE.height - PAGE.margin + 14, {
      width: contentWidth,
      align: "right",
      lineBreak: false,
    });
    if (contract.isDraft)
      doc.text("Brouillon — document non définitif", left, PAGE.height - PAGE.margin + 14, {
        width: contentWidth,
        align: "left",
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}
