import { formatMoney } from "@shared/format";
import type { InvoiceBuyer, InvoiceSeller } from "../db/schema/index";
import {
  BOX,
  COLORS,
  drawBuyer,
  drawSeller,
  drawTitle,
  openPdf,
  type Pdf,
  stampPageNumbers,
} from "./document-layout";

export type PrintableAcceptance = {
  quoteNumber: string;
  quoteDate: string;
  totalCents: number;
  seller: InvoiceSeller;
  buyer: InvoiceBuyer;
  signerName: string;
  hasConsented: boolean;
  /** Date and time as the signer's French calendar reads them, e.g. "12 mars 2026 à 14:05:09 (heure de Paris)". */
  decidedAtLabel: string;
  decidedAtIso: string;
  /** Where the acceptance came from; null on the copy served through the client link (kept by the seller). */
  evidence: { ipAddress: string | null; userAgent: string | null } | null;
  pdfSha256: string;
  consentText: string;
};

function row(doc: Pdf, label: string, value: string) {
  const top = doc.y;
  doc.font("semibold").fontSize(9).fillColor(COLORS.muted).text(label, BOX.left, top, { width: 150 });
  const labelBottom = doc.y;
  doc
    .font("regular")
    .fontSize(9)
    .fillColor(COLORS.ink)
    .text(value, BOX.left + 160, top, { width: BOX.width - 160 });
  doc.y = Math.max(doc.y, labelBottom) + 6;
}

/**
 * The certificate of an online "Bon pour accord": which quote (number, amount, SHA-256 of the PDF the
 * signer was shown), who accepted it, the statement they ticked, when, from which address and browser.
 * It proves the audit trail kept on the quote; the quote PDF itself is unchanged.
 */
export function renderAcceptanceCertificatePdf(acceptance: PrintableAcceptance): Promise<Buffer> {
  const { doc, done } = openPdf({
    title: `Certificat d'acceptation — devis ${acceptance.quoteNumber}`,
    author: acceptance.seller.legalName,
  });
  const sellerBottom = drawSeller(doc, acceptance.seller, null);
  const titleBottom = drawTitle(doc, {
    title: "Certificat d'acceptation",
    subtitles: [`Devis N° ${acceptance.quoteNumber}`],
    details: [`Accepté le ${acceptance.decidedAtLabel}`],
  });
  const buyerBottom = drawBuyer(doc, acceptance.buyer, {
    heading: "ACCEPTÉ PAR LE CLIENT",
    top: Math.max(sellerBottom, titleBottom) + 24,
  });

  doc.y = buyerBottom + 28;
  doc
    .font("bold")
    .fontSize(11)
    .fillColor(COLORS.ink)
    .text("Bon pour accord électronique", BOX.left, doc.y, { width: BOX.width });
  doc.moveDown(0.6);
  row(doc, "Devis", `N° ${acceptance.quoteNumber} du ${acceptance.quoteDate}`);
  row(doc, "Montant TTC", formatMoney(acceptance.totalCents));
  row(doc, "Signataire", acceptance.signerName);
  row(
    doc,
    "Déclaration",
    `${acceptance.hasConsented ? "Case cochée" : "Case non cochée"} : « ${acceptance.consentText} »`,
  );
  row(doc, "Date et heure", `${acceptance.decidedAtLabel} (${acceptance.decidedAtIso})`);
  const { evidence } = acceptance;
  if (evidence) {
    row(doc, "Adresse IP", evidence.ipAddress ?? "non communiquée");
    row(doc, "Navigateur", evidence.userAgent ?? "non communiqué");
  } else {
    row(doc, "Adresse IP et navigateur", `enregistrés, conservés par ${acceptance.seller.legalName}`);
  }
  row(doc, "SHA-256 du devis", acceptance.pdfSha256);

  doc.moveDown(1);
  doc
    .font("regular")
    .fontSize(8)
    .fillColor(COLORS.muted)
    .text(
      "Le signataire a consulté le devis par un lien personnel et secret, a saisi son nom et coché la déclaration " +
        "ci-dessus avant de valider. L'empreinte SHA-256 identifie exactement le fichier PDF présenté : tout " +
        "fichier dont l'empreinte diffère n'est pas le devis accepté. Ces éléments sont conservés par " +
        `${acceptance.seller.legalName} dans Ardoise.`,
      BOX.left,
      doc.y,
      { width: BOX.width, lineGap: 1.5 },
    );
  stampPageNumbers(doc, `Certificat d'acceptation — devis ${acceptance.quoteNumber}`);
  doc.end();
  return done;
}
