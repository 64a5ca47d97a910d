import type { ErrorIssue } from "@shared/errors";
import { formatDate, formatMoney } from "@shared/format";
import { SHOWN_INVOICE_LINES, type SupplierInvoiceDto } from "@shared/schemas/einvoicing";
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
  order:
    "Ce fichier est une commande (Order-X), pas une facture : il ne peut pas devenir une dépense. Importez la facture que le fournisseur émettra.",
  minimum:
    "Profil Factur-X MINIMUM : ce fichier ne donne ni les lignes ni la TVA par taux et ne vaut pas facture (il sert à la transmission de données). Demandez au fournisseur sa facture au profil BASIC, EN 16931 ou EXTENDED.",
  basicWl:
    "Profil Factur-X BASIC WL : ce fichier ne donne pas les lignes de la facture et ne vaut pas facture électronique complète. Demandez au fournisseur sa facture au profil BASIC, EN 16931 ou EXTENDED.",
  zugferd1Invalid:
    "Facture ZUGFeRD 1.0 (ancienne norme allemande, antérieure à EN 16931) incomplète ou incohérente : demandez au fournisseur une facture Factur-X ou ZUGFeRD 2.",
} as const;

/** The message naming what the document is, when its type code (BT-3) says it is no invoice. */
export const notAnInvoiceType = (code: string) =>
  `Ce document n'est pas une facture (code de type ${code}) : seules les factures et les avoirs peuvent devenir une dépense.`;

/**
 * UNTDID 1001 codes EN 16931 allows for an invoice and for a credit note (BT-3); 386 is the deposit invoice
 * (facture d'acompte). Any other code (an order is 220, a delivery note 270…) is not an invoice.
 */
const INVOICE_TYPE_CODES = new Set(
  "71 80 82 84 102 218 219 326 331 380 382 383 384 385 386 387 388 389 390 393 394 395 456 457 527 575 623 633 751 780 875 876 877 935".split(
    " ",
  ),
);
const CREDIT_NOTE_TYPE_CODES = new Set("81 83 261 262 296 308 381 396 420 458 532".split(" "));

/** Factur-X / ZUGFeRD profiles (BT-24) that do not carry a whole invoice: refused, naming the profile. */
function refuseIncompleteProfile(profile: string | undefined) {
  const id = (profile ?? "").toLowerCase();
  if (/:minimum$/.test(id)) throw new AppError("bad_request", SUPPLIER_INVOICE_MESSAGES.minimum);
  if (/:basicwl$/.test(id)) throw new AppError("bad_request", SUPPLIER_INVOICE_MESSAGES.basicWl);
}

/**
 * Currencies whose amounts are whole units in practice (forint, yen…): their VAT is rounded to the unit, so a
 * VAT amount may differ from base × rate by up to half a unit.
 */
const WHOLE_UNIT_CURRENCIES = new Set(["HUF", "JPY", "KRW", "ISK", "CLP", "VND", "XOF", "XAF", "XPF"]);

type Party = SupplierInvoiceDto["supplier"];
type Draft = Omit<SupplierInvoiceDto, "format" | "lineCount"> & {
  amounts: Record<string, string | undefined>;
  /** BT-111 as written, in the accounting currency. */
  accountingVat: string | undefined;
};

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
  vatNumber: string | undefined,
  country: string | undefined,
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
    country: country?.trim().toUpperCase() || null,
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

/**
 * A line that counts in the totals. EXTENDED profiles (and ZUGFeRD 1.0 EXTENDED) may add lines that are only a
 * note (no product, no amount), or the detail of a group line whose amount the group line already carries
 * (LineStatusReasonCode DETAIL, or INFORMATION).
 */
const isInvoicedLine = (paths: SyntaxPaths) => (line: XmlElement) => {
  const status = text(line, "AssociatedDocumentLineDocument/LineStatusReasonCode");
  if (status === "DETAIL" || status === "INFORMATION") return false;
  return text(line, paths.line.net) !== undefined || text(line, paths.line.description) !== undefined;
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
    lines: lines.filter(isInvoicedLine(paths)).map((line) => ({
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

const EMPTY_TOTALS: SupplierInvoiceDto["totals"] = {
  linesCents: 0,
  netCents: 0,
  vatCents: 0,
  grossCents: 0,
  dueCents: 0,
  prepaidCents: 0,
  accountingVatCents: null,
};

function ciiParty(party: XmlElement | undefined): Party {
  const vat = all(party, "SpecifiedTaxRegistration/ID").find((id) => attribute(id, "schemeID") === "VA");
  return identity(
    text(party, "Name"),
    [...all(party, "SpecifiedLegalOrganization/ID"), ...all(party, "GlobalID")].map(idOf),
    vat ? ownText(vat) : undefined,
    text(party, "PostalTradeAddress/CountryID"),
  );
}

/**
 * Where a CII document keeps its parts. ZUGFeRD 1.0 (2014, before EN 16931) says the same things as CII D16B
 * under older names: one reader, two sets of names.
 */
type CiiNames = {
  context: string;
  document: string;
  transaction: string;
  agreement: string;
  settlement: string;
  sums: string;
  paths: SyntaxPaths;
};

const ciiPaths = (line: {
  settlement: string;
  delivery: string;
  summation: string;
  percent: string;
}): SyntaxPaths => ({
  line: {
    description: "SpecifiedTradeProduct/Name",
    quantity: `${line.delivery}/BilledQuantity`,
    net: `${line.settlement}/${line.summation}/LineTotalAmount`,
    rate: `${line.settlement}/ApplicableTradeTax/${line.percent}`,
  },
  vatGroup: {
    category: "CategoryCode",
    rate: line.percent,
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
});

const CII_NAMES: CiiNames = {
  context: "ExchangedDocumentContext",
  document: "ExchangedDocument",
  transaction: "SupplyChainTradeTransaction",
  agreement: "ApplicableHeaderTradeAgreement",
  settlement: "ApplicableHeaderTradeSettlement",
  sums: "SpecifiedTradeSettlementHeaderMonetarySummation",
  paths: ciiPaths({
    settlement: "SpecifiedLineTradeSettlement",
    delivery: "SpecifiedLineTradeDelivery",
    summation: "SpecifiedTradeSettlementLineMonetarySummation",
    percent: "RateApplicablePercent",
  }),
};
const ZUGFERD1_NAMES: CiiNames = {
  context: "SpecifiedExchangedDocumentContext",
  document: "HeaderExchangedDocument",
  transaction: "SpecifiedSupplyChainTradeTransaction",
  agreement: "ApplicableSupplyChainTradeAgreement",
  settlement: "ApplicableSupplyChainTradeSettlement",
  sums: "SpecifiedTradeSettlementMonetarySummation",
  paths: ciiPaths({
    settlement: "SpecifiedSupplyChainTradeSettlement",
    delivery: "SpecifiedSupplyChainTradeDelivery",
    summation: "SpecifiedTradeSettlementMonetarySummation",
    percent: "ApplicablePercent",
  }),
};

function readCii(root: XmlElement, names: CiiNames): Draft {
  refuseIncompleteProfile(text(root, `${names.context}/GuidelineSpecifiedDocumentContextParameter/ID`));
  const document = first(root, names.document);
  const transaction = first(root, names.transaction);
  const agreement = first(transaction, names.agreement);
  const settlement = first(transaction, names.settlement);
  const sums = first(settlement, names.sums);
  const currency = text(settlement, "InvoiceCurrencyCode");
  const taxCurrency = text(settlement, "TaxCurrencyCode");
  // BT-110 may be given twice (invoice and accounting currency): the invoice currency's one counts.
  const taxTotals = all(sums, "TaxTotalAmount");
  const taxTotal =
    taxTotals.find((amount) => attribute(amount, "currencyID") === currency) ??
    taxTotals.find((amount) => attribute(amount, "currencyID") === undefined);
  const accountingTotal =
    taxCurrency && taxCurrency !== currency
      ? taxTotals.find((amount) => attribute(amount, "currencyID") === taxCurrency)
      : undefined;
  const typeCode = text(document, "TypeCode") ?? "380";
  return {
    documentType: CREDIT_NOTE_TYPE_CODES.has(typeCode) ? "credit_note" : "invoice",
    typeCode,
    number: text(document, "ID") ?? "",
    issueDate: toDay(text(document, "IssueDateTime/DateTimeString")) ?? "",
    dueDate: toDay(text(settlement, "SpecifiedTradePaymentTerms/DueDateDateTime/DateTimeString")) ?? null,
    currency: currency ?? "",
    taxCurrency: taxCurrency ?? null,
    precedingInvoice: text(settlement, "InvoiceReferencedDocument/IssuerAssignedID") ?? null,
    supplier: ciiParty(first(agreement, "SellerTradeParty")),
    buyer: ciiParty(first(agreement, "BuyerTradeParty")),
    totals: EMPTY_TOTALS,
    accountingVat: accountingTotal ? ownText(accountingTotal) : undefined,
    ...amountsOf(names.paths, {
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
    text(party, "PostalAddress/Country/IdentificationCode"),
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
  refuseIncompleteProfile(text(root, "CustomizationID"));
  const sums = first(root, "LegalMonetaryTotal");
  const currency = text(root, "DocumentCurrencyCode");
  const taxCurrency = text(root, "TaxCurrencyCode");
  const taxTotals = all(root, "TaxTotal");
  // The VAT total with the breakdown is in the document currency; a second TaxTotal may hold BT-111.
  const taxTotal = taxTotals.find((total) => all(total, "TaxSubtotal").length > 0) ?? taxTotals[0];
  const accountingTotal =
    taxCurrency && taxCurrency !== currency
      ? taxTotals.find((total) => attribute(first(total, "TaxAmount"), "currencyID") === taxCurrency)
      : undefined;
  const typeCode =
    text(root, isCreditNote ? "CreditNoteTypeCode" : "InvoiceTypeCode") ?? (isCreditNote ? "381" : "380");
  return {
    documentType: isCreditNote || CREDIT_NOTE_TYPE_CODES.has(typeCode) ? "credit_note" : "invoice",
    typeCode,
    number: text(root, "ID") ?? "",
    issueDate: toDay(text(root, "IssueDate")) ?? "",
    dueDate: toDay(text(root, "DueDate") ?? text(root, "PaymentMeans/PaymentDueDate")) ?? null,
    currency: currency ?? "",
    taxCurrency: taxCurrency ?? null,
    precedingInvoice: text(root, "BillingReference/InvoiceDocumentReference/ID") ?? null,
    supplier: ublParty(first(root, "AccountingSupplierParty/Party")),
    buyer: ublParty(first(root, "AccountingCustomerParty/Party")),
    totals: EMPTY_TOTALS,
    accountingVat: accountingTotal ? text(accountingTotal, "TaxAmount") : undefined,
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
function validate(draft: Draft): {
  invoice: Omit<SupplierInvoiceDto, "format" | "lineCount">;
  issues: ErrorIssue[];
} {
  const issues: ErrorIssue[] = [];
  const problem = (path: string, message: string) => issues.push({ path, message });
  const { amounts, accountingVat, ...invoice } = draft;
  const vatTolerance = WHOLE_UNIT_CURRENCIES.has(invoice.currency) ? 50 : 1;

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
    if (Math.abs(expected - group.vatCents) > vatTolerance)
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
  const accountingVatCents = toCents(accountingVat) ?? null;
  invoice.totals = { linesCents, netCents, vatCents, grossCents, dueCents, prepaidCents, accountingVatCents };

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
  const draft = readDocument(root, element);
  if (!INVOICE_TYPE_CODES.has(draft.typeCode) && !CREDIT_NOTE_TYPE_CODES.has(draft.typeCode))
    throw new AppError("bad_request", notAnInvoiceType(draft.typeCode));
  const { invoice, issues } = validate(draft);
  if (issues.length > 0)
    throw new AppError(
      "validation_failed",
      root === "CrossIndustryDocument"
        ? SUPPLIER_INVOICE_MESSAGES.zugferd1Invalid
        : SUPPLIER_INVOICE_MESSAGES.invalid,
      issues,
    );
  return {
    format: isFacturX ? "factur-x" : root === "Invoice" || root === "CreditNote" ? "ubl" : "cii",
    ...invoice,
    // Checked against the totals above, all of them; only the first are carried on (they cross threads).
    lines: invoice.lines.slice(0, SHOWN_INVOICE_LINES),
    lineCount: invoice.lines.length,
  };
}

/** The reader of the document's syntax, from its root element; a French 400 for what is no invoice. */
function readDocument(root: string, element: XmlElement): Draft {
  if (root === "CrossIndustryInvoice") return readCii(element, CII_NAMES);
  if (root === "CrossIndustryDocument") return readCii(element, ZUGFERD1_NAMES);
  if (root === "Invoice" || root === "CreditNote") return readUbl(element, root === "CreditNote");
  // Order-X, the order of the Factur-X family, is often sent where its invoice is expected.
  if (root === "SCRDMCCBDACIOMessageStructure")
    throw new AppError("bad_request", SUPPLIER_INVOICE_MESSAGES.order);
  throw new AppError("bad_request", SUPPLIER_INVOICE_MESSAGES.unknownFormat);
}
