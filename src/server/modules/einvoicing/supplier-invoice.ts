import type { ErrorIssue } from "@shared/errors";
import { formatDate, formatMoney } from "@shared/format";
import type { SupplierInvoiceDto } from "@shared/schemas/einvoicing";
import { isCalendarDay } from "@shared/schemas/fields";
import { AppError } from "../../errors";
import { extractInvoiceXml } from "./pdf-attachment";
import { all, attribute, first, parseXml, text, type XmlElement } from "./xml";

/**
 * Reads a supplier e-invoice — Factur-X / ZUGFeRD PDF, CII XML or UBL 2.1 XML (Invoice, CreditNote) — into
 * one EN 16931 shape, then checks that it is complete and that its sums agree, with French messages.
 */

export const SUPPLIER_INVOICE_MESSAGES = {
  unknownFormat: "Format non reconnu : importez une facture électronique Factur-X (PDF), CII ou UBL (XML).",
  invalid: "Cette facture électronique est incomplète ou incohérente.",
  unreadable:
    "Ce fichier est illisible ou endommagé : il ne peut pas être lu comme une facture électronique.",
} as const;

type Party = SupplierInvoiceDto["supplier"];
type Draft = Omit<SupplierInvoiceDto, "format"> & { amounts: Record<string, string | undefined> };

/** "1234.5" → 123450 cents; more than two decimals round half away from zero; undefined when not a number. */
export function toCents(value: string | undefined): number | undefined {
  const match = value ? /^([+-]?)(\d+)(?:\.(\d+))?$/.exec(value.trim()) : null;
  if (!match) return undefined;
  const [, sign, units, fraction = ""] = match;
  const digits = `${fraction}000`;
  const exact = Number(units) * 100 + Number(digits.slice(0, 2));
  const cents = exact + (Number(digits[2]) >= 5 ? 1 : 0);
  return sign === "-" ? -cents : cents;
}

/** A percentage in basis points is its hundredths, read like cents: "5.5" → 550. */
const toBasisPoints = toCents;

/**
 * What an invoice of this century can say (issue 26: 9999-12-31 or 400-digit amounts passed the preview and
 * failed at the confirmation). Ten billion euros is beyond any supplier invoice and far inside the range
 * integer cents are exact in.
 */
const PLAUSIBLE_DAYS = { from: "2000-01-01", to: "2099-12-31" } as const;
const MAX_AMOUNT_CENTS = 1_000_000_000_000;

/** CII dates are "20261015" (format 102), UBL dates "2026-10-15"; a day that does not exist is no date. */
function toDay(value: string | undefined): string | undefined {
  const match = value ? /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(value) : null;
  const day = match ? `${match[1]}-${match[2]}-${match[3]}` : undefined;
  return day && isCalendarDay(day) ? day : undefined;
}

/** A SIRET is the SIREN followed by 5 digits; identifiers are compared without spaces. */
function identity(
  name: string | undefined,
  ids: { value?: string; scheme?: string }[],
  vatNumber?: string,
): Party {
  const digits = ids.map(({ value, scheme }) => ({ value: value?.replace(/\s/g, ""), scheme }));
  const siret = digits.find(
    ({ value, scheme }) => /^\d{14}$/.test(value ?? "") && (!scheme || scheme === "0009"),
  )?.value;
  const siren =
    digits.find(({ value, scheme }) => /^\d{9}$/.test(value ?? "") && (!scheme || scheme === "0002"))
      ?.value ?? siret?.slice(0, 9);
  return {
    name: name ?? null,
    siren: siren ?? null,
    siret: siret ?? null,
    vatNumber: vatNumber?.replace(/\s/g, "").toUpperCase() ?? null,
  };
}

/** The text of an element already in hand. */
const ownText = (element: XmlElement) => text({ self: [element] }, "self");
const idOf = (element: XmlElement) => ({ value: ownText(element), scheme: attribute(element, "schemeID") });

/**
 * Where a syntax keeps the figures of a line (BG-25), of a VAT group (BG-23) and of the document totals
 * (BG-22), relative to the element that holds them. CII and UBL say the same things at different paths:
 * each reader gives its paths, one mapping reads them.
 */
type AmountKey = "lines" | "allowances" | "charges" | "net" | "gross" | "prepaid" | "due";
type SyntaxPaths = {
  line: { description: string; quantity: string; net: string; rate: string };
  vatGroup: { category: string; rate: string; base: string; vat: string };
  totals: Record<AmountKey, string>;
};

function amountsOf(
  paths: SyntaxPaths,
  {
    lines,
    vatGroups,
    sums,
    vatTotal,
  }: {
    lines: XmlElement[];
    vatGroups: XmlElement[];
    sums: XmlElement | undefined;
    /** BT-110, which each syntax finds its own way (a currency or a TaxTotal to pick). */
    vatTotal: string | undefined;
  },
): Pick<Draft, "lines" | "vatBreakdown" | "amounts"> {
  return {
    lines: lines.map((line) => ({
      description: text(line, paths.line.description) ?? "",
      quantity: text(line, paths.line.quantity) ?? null,
      netCents: toCents(text(line, paths.line.net)) ?? Number.NaN,
      vatRateBp: toBasisPoints(text(line, paths.line.rate)) ?? null,
    })),
    vatBreakdown: vatGroups.map((group) => ({
      category: text(group, paths.vatGroup.category) ?? "",
      rateBp: toBasisPoints(text(group, paths.vatGroup.rate)) ?? 0,
      baseCents: toCents(text(group, paths.vatGroup.base)) ?? Number.NaN,
      vatCents: toCents(text(group, paths.vatGroup.vat)) ?? Number.NaN,
    })),
    amounts: {
      ...Object.fromEntries(Object.entries(paths.totals).map(([key, path]) => [key, text(sums, path)])),
      vat: vatTotal,
    },
  };
}

// --- CII (UN/CEFACT CrossIndustryInvoice D16B, the XML inside Factur-X) ---

function ciiParty(party: XmlElement | undefined): Party {
  const vat = all(party, "SpecifiedTaxRegistration/ID").find((id) => attribute(id, "schemeID") === "VA");
  return identity(
    text(party, "Name"),
    [...all(party, "SpecifiedLegalOrganization/ID"), ...all(party, "GlobalID")].map(idOf),
    vat ? ownText(vat) : undefined,
  );
}

const CII_LINE_TOTALS = "SpecifiedLineTradeSettlement/SpecifiedTradeSettlementLineMonetarySummation";
const CII_PATHS: SyntaxPaths = {
  line: {
    description: "SpecifiedTradeProduct/Name",
    quantity: "SpecifiedLineTradeDelivery/BilledQuantity",
    net: `${CII_LINE_TOTALS}/LineTotalAmount`,
    rate: "SpecifiedLineTradeSettlement/ApplicableTradeTax/RateApplicablePercent",
  },
  vatGroup: {
    category: "CategoryCode",
    rate: "RateApplicablePercent",
    base: "BasisAmount",
    vat: "CalculatedAmount",
  },
  totals: {
    lines: "LineTotalAmount",
    allowances: "AllowanceTotalAmount",
    charges: "ChargeTotalAmount",
    net: "TaxBasisTotalAmount",
    gross: "GrandTotalAmount",
    prepaid: "TotalPrepaidAmount",
    due: "DuePayableAmount",
  },
};

function readCii(root: XmlElement): Draft {
  const document = first(root, "ExchangedDocument");
  const transaction = first(root, "SupplyChainTradeTransaction");
  const agreement = first(transaction, "ApplicableHeaderTradeAgreement");
  const settlement = first(transaction, "ApplicableHeaderTradeSettlement");
  const sums = first(settlement, "SpecifiedTradeSettlementHeaderMonetarySummation");
  const currency = text(settlement, "InvoiceCurrencyCode");
  // BT-110 may be given twice (invoice and accounting currency): the invoice currency's one counts.
  const taxTotals = all(sums, "TaxTotalAmount");
  const taxTotal =
    taxTotals.find((amount) => attribute(amount, "currencyID") === currency) ??
    taxTotals.find((amount) => attribute(amount, "currencyID") === undefined);
  return {
    documentType: text(document, "TypeCode") === "381" ? "credit_note" : "invoice",
    number: text(document, "ID") ?? "",
    issueDate: toDay(text(document, "IssueDateTime/DateTimeString")) ?? "",
    dueDate: toDay(text(settlement, "SpecifiedTradePaymentTerms/DueDateDateTime/DateTimeString")) ?? null,
    currency: currency ?? "",
    supplier: ciiParty(first(agreement, "SellerTradeParty")),
    buyer: ciiParty(first(agreement, "BuyerTradeParty")),
    totals: { linesCents: 0, netCents: 0, vatCents: 0, grossCents: 0, dueCents: 0 },
    ...amountsOf(CII_PATHS, {
      lines: all(transaction, "IncludedSupplyChainTradeLineItem"),
      vatGroups: all(settlement, "ApplicableTradeTax"),
      sums,
      vatTotal: taxTotal ? ownText(taxTotal) : undefined,
    }),
  };
}

// --- UBL 2.1 (OASIS Invoice and CreditNote, as Peppol BIS 3 and XRechnung use them) ---

function ublParty(party: XmlElement | undefined): Party {
  const vat = all(party, "PartyTaxScheme").find((scheme) => text(scheme, "TaxScheme/ID") === "VAT");
  return identity(
    text(party, "PartyLegalEntity/RegistrationName") ?? text(party, "PartyName/Name"),
    [...all(party, "PartyLegalEntity/CompanyID"), ...all(party, "PartyIdentification/ID")].map(idOf),
    text(vat, "CompanyID"),
  );
}

const UBL_PATHS: SyntaxPaths = {
  line: {
    description: "Item/Name",
    quantity: "InvoicedQuantity",
    net: "LineExtensionAmount",
    rate: "Item/ClassifiedTaxCategory/Percent",
  },
  vatGroup: {
    category: "TaxCategory/ID",
    rate: "TaxCategory/Percent",
    base: "TaxableAmount",
    vat: "TaxAmount",
  },
  totals: {
    lines: "LineExtensionAmount",
    allowances: "AllowanceTotalAmount",
    charges: "ChargeTotalAmount",
    net: "TaxExclusiveAmount",
    gross: "TaxInclusiveAmount",
    prepaid: "PrepaidAmount",
    due: "PayableAmount",
  },
};
const UBL_CREDIT_NOTE_PATHS: SyntaxPaths = {
  ...UBL_PATHS,
  line: { ...UBL_PATHS.line, quantity: "CreditedQuantity" },
};

function readUbl(root: XmlElement, isCreditNote: boolean): Draft {
  const sums = first(root, "LegalMonetaryTotal");
  const currency = text(root, "DocumentCurrencyCode");
  // The VAT total with the breakdown is in the document currency (a second TaxTotal may hold BT-111).
  const taxTotal =
    all(root, "TaxTotal").find((total) => all(total, "TaxSubtotal").length > 0) ?? first(root, "TaxTotal");
  return {
    documentType: isCreditNote || text(root, "InvoiceTypeCode") === "381" ? "credit_note" : "invoice",
    number: text(root, "ID") ?? "",
    issueDate: toDay(text(root, "IssueDate")) ?? "",
    dueDate: toDay(text(root, "DueDate") ?? text(root, "PaymentMeans/PaymentDueDate")) ?? null,
    currency: currency ?? "",
    supplier: ublParty(first(root, "AccountingSupplierParty/Party")),
    buyer: ublParty(first(root, "AccountingCustomerParty/Party")),
    totals: { linesCents: 0, netCents: 0, vatCents: 0, grossCents: 0, dueCents: 0 },
    ...amountsOf(isCreditNote ? UBL_CREDIT_NOTE_PATHS : UBL_PATHS, {
      lines: all(root, isCreditNote ? "CreditNoteLine" : "InvoiceLine"),
      vatGroups: all(taxTotal, "TaxSubtotal"),
      sums,
      vatTotal: text(taxTotal, "TaxAmount"),
    }),
  };
}

const percent = new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 2 });
export const formatRate = (rateBp: number) => `${percent.format(rateBp / 100)} %`;

// --- Checks (EN 16931 business rules the expense relies on) ---

/** Each check adds a French issue; the amounts are checked to the cent, a VAT amount to the cent per rate. */
function validate(draft: Draft): { invoice: Omit<SupplierInvoiceDto, "format">; issues: ErrorIssue[] } {
  const issues: ErrorIssue[] = [];
  const problem = (path: string, message: string) => issues.push({ path, message });
  const { amounts, ...invoice } = draft;

  if (!invoice.number) problem("number", "Le numéro de la facture (BT-1) est absent.");
  if (!invoice.issueDate) problem("issueDate", "La date d'émission (BT-2) est absente ou invalide.");
  for (const [path, day, term] of [
    ["issueDate", invoice.issueDate, "La date d'émission (BT-2)"],
    ["dueDate", invoice.dueDate, "La date d'échéance (BT-9)"],
  ] as const)
    if (day && (day < PLAUSIBLE_DAYS.from || day > PLAUSIBLE_DAYS.to))
      problem(path, `${term} n'est pas plausible : ${formatDate(day)}.`);
  if (!invoice.supplier.name) problem("supplier.name", "Le nom du fournisseur (BT-27) est absent.");
  if (!/^[A-Z]{3}$/.test(invoice.currency))
    problem("currency", "La devise de la facture (BT-5) est absente.");
  if (invoice.lines.length === 0) problem("lines", "La facture ne contient aucune ligne.");
  invoice.lines.forEach((line, index) => {
    if (Number.isNaN(line.netCents))
      problem(`lines.${index}`, `La ligne ${index + 1} n'a pas de montant net (BT-131) lisible.`);
  });
  if (invoice.vatBreakdown.length === 0)
    problem("vatBreakdown", "Le récapitulatif de TVA par taux (BG-23) est absent.");
  invoice.vatBreakdown.forEach((group, index) => {
    if (Number.isNaN(group.baseCents) || Number.isNaN(group.vatCents)) {
      problem(
        `vatBreakdown.${index}`,
        `Le récapitulatif de TVA n° ${index + 1} n'a pas de base ou de montant lisible.`,
      );
      return;
    }
    const expected = Math.round((group.baseCents * group.rateBp) / 10_000);
    if (Math.abs(expected - group.vatCents) > 1)
      problem(
        `vatBreakdown.${index}`,
        `TVA à ${formatRate(group.rateBp)} : ${formatMoney(group.vatCents)} annoncés pour une base de ${formatMoney(group.baseCents)}, soit ${formatMoney(expected)} attendus.`,
      );
  });

  const read = (key: string, term: string, label: string, fallback?: number) => {
    const cents = toCents(amounts[key]) ?? fallback;
    if (cents === undefined) problem(`totals.${key}`, `${label} (${term}) est absent ou illisible.`);
    return cents ?? 0;
  };
  const inRange = (cents: number) => Number.isNaN(cents) || Math.abs(cents) <= MAX_AMOUNT_CENTS;
  const figures = [
    ...invoice.lines.map((line) => line.netCents),
    ...invoice.vatBreakdown.flatMap((group) => [group.baseCents, group.vatCents]),
    ...Object.values(amounts).map((amount) => toCents(amount) ?? 0),
  ];
  if (!figures.every(inRange))
    problem(
      "totals",
      `Un montant de la facture dépasse ${formatMoney(MAX_AMOUNT_CENTS)} : il n'est pas plausible.`,
    );
  const linesCents = read("lines", "BT-106", "Le total des lignes");
  const netCents = read("net", "BT-109", "Le total hors taxes");
  const vatCents = read("vat", "BT-110", "Le total de la TVA", 0);
  const grossCents = read("gross", "BT-112", "Le total TTC");
  const prepaidCents = toCents(amounts.prepaid) ?? 0;
  const dueCents = read("due", "BT-115", "Le montant à payer", grossCents - prepaidCents);
  invoice.totals = { linesCents, netCents, vatCents, grossCents, dueCents };

  const agree = (path: string, announced: number, computed: number, message: string) => {
    if (announced !== computed)
      problem(path, `${message} : ${formatMoney(announced)} annoncés, ${formatMoney(computed)} calculés.`);
  };
  if (issues.length === 0) {
    const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
    agree(
      "totals.lines",
      linesCents,
      sum(invoice.lines.map((line) => line.netCents)),
      "Le total des lignes ne correspond pas à la somme des lignes",
    );
    const adjusted = linesCents - (toCents(amounts.allowances) ?? 0) + (toCents(amounts.charges) ?? 0);
    agree(
      "totals.net",
      netCents,
      adjusted,
      "Le total hors taxes ne correspond pas aux lignes, remises et frais",
    );
    agree(
      "totals.net",
      netCents,
      sum(invoice.vatBreakdown.map((group) => group.baseCents)),
      "Le total hors taxes ne correspond pas aux bases de TVA",
    );
    agree(
      "totals.vat",
      vatCents,
      sum(invoice.vatBreakdown.map((group) => group.vatCents)),
      "Le total de TVA ne correspond pas au récapitulatif par taux",
    );
    agree(
      "totals.gross",
      grossCents,
      netCents + vatCents,
      "Le total TTC n'est pas égal au total HT plus la TVA",
    );
    agree(
      "totals.due",
      dueCents,
      grossCents - prepaidCents,
      "Le montant à payer ne correspond pas au total TTC moins les acomptes",
    );
  }
  return { invoice, issues };
}

const isPdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 1024)).includes("%PDF-");

/**
 * Reads and checks a supplier e-invoice; throws a French 400 naming every problem found. It runs in the
 * worker pool (`workers/tasks.ts`): any failure on these outsider's bytes is the file's, never a 500.
 */
export async function readSupplierInvoice(bytes: Uint8Array): Promise<SupplierInvoiceDto> {
  try {
    return await readCheckedInvoice(bytes);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError("bad_request", SUPPLIER_INVOICE_MESSAGES.unreadable);
  }
}

async function readCheckedInvoice(bytes: Uint8Array): Promise<SupplierInvoiceDto> {
  const isFacturX = isPdf(bytes);
  const xml = isFacturX ? await extractInvoiceXml(bytes) : bytes;
  if (
    !isFacturX &&
    !/^\s*</.test(
      Buffer.from(xml.subarray(0, 64))
        .toString("utf8")
        .replace(/^\uFEFF/, ""),
    )
  )
    throw new AppError("bad_request", SUPPLIER_INVOICE_MESSAGES.unknownFormat);
  const { root, element } = parseXml(xml);
  let draft: Draft;
  if (root === "CrossIndustryInvoice") draft = readCii(element);
  else if (root === "Invoice" || root === "CreditNote") draft = readUbl(element, root === "CreditNote");
  else throw new AppError("bad_request", SUPPLIER_INVOICE_MESSAGES.unknownFormat);
  const { invoice, issues } = validate(draft);
  if (issues.length > 0) throw new AppError("validation_failed", SUPPLIER_INVOICE_MESSAGES.invalid, issues);
  return { format: isFacturX ? "factur-x" : root === "CrossIndustryInvoice" ? "cii" : "ubl", ...invoice };
}
