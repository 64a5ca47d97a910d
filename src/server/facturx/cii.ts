import type {
  CommercialDocument,
  DocumentAddress,
  DocumentAllowance,
  DocumentLine,
  VatBreakdownEntry,
  VatCategory,
} from "@shared/domain/commercial-document";
import { OPERATION_NATURES } from "@shared/domain/operation-nature";

/**
 * The Factur-X 1.0 / EN 16931 CII XML of a commercial document (the file embedded as factur-x.xml).
 * Elements follow the XSD's order; comments name the EN 16931 business terms. Checked against the
 * official XSD and the CEN, FNFE and BR-FR schematrons by facturx.validate.unit.test.ts.
 */

const TYPE_CODES = { facture: "380", avoir: "381" } as const;
/** BT-3 of a « facture d'acompte ». */
const DEPOSIT_TYPE_CODE = "386";
/** UNTDID 5189 allowance reason « Discount », with its French wording (BT-139/140, BT-97/98). */
const DISCOUNT_REASON = { code: "95", text: "Remise" };
/**
 * BT-8 (UNTDID 2475): with the option for VAT on debits the tax falls due at the invoice's issue (5), the
 * coded form of « Option pour le paiement de la taxe d'après les débits »; otherwise nothing is sent.
 */
const VAT_DUE_ON_ISSUE = "5";

/** UN/ECE Recommendation 20 codes for the units people type; anything else counts as a unit (C62). */
const UNIT_CODES: Record<string, string> = {
  h: "HUR",
  heure: "HUR",
  heures: "HUR",
  j: "DAY",
  jour: "DAY",
  jours: "DAY",
  semaine: "WEE",
  semaines: "WEE",
  mois: "MON",
  minute: "MIN",
  minutes: "MIN",
};

export const escapeXml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** `<ram:Name>text</ram:Name>`, or nothing when the value is empty. */
function element(name: string, value: string | null | undefined, attributes = ""): string {
  if (value === null || value === undefined || value === "") return "";
  return `<${name}${attributes}>${escapeXml(value)}</${name}>`;
}

const date102 = (iso: string) => iso.slice(0, 10).replace(/-/g, "");
const dateTime = (name: string, iso: string, prefix = "udt") =>
  `<${name}><${prefix}:DateTimeString format="102">${date102(iso)}</${prefix}:DateTimeString></${name}>`;
const amount = (cents: number) => (cents / 100).toFixed(2);
const percent = (rateBp: number) => String(rateBp / 100);
const quantity = (value: number) => String(Math.round(value * 10_000) / 10_000);

function address(value: DocumentAddress): string {
  return `<ram:PostalTradeAddress>${element("ram:PostcodeCode", value.postalCode)}${element(
    "ram:LineOne",
    value.line1,
  )}${element("ram:LineTwo", value.line2)}${element("ram:CityName", value.city)}${element(
    "ram:CountryID",
    value.country,
  )}</ram:PostalTradeAddress>`;
}

/** A discount as a CII allowance (ChargeIndicator false): its percentage and base when it is one. */
function allowance(
  { amountCents, baseCents, percentBp }: { amountCents: number; baseCents: number; percentBp: number | null },
  sign: number,
  categoryTax = "",
): string {
  return `<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator>${
    percentBp === null
      ? ""
      : `${element("ram:CalculationPercent", percent(percentBp))}${element("ram:BasisAmount", amount(sign * baseCents))}`
  }${element("ram:ActualAmount", amount(sign * amountCents))}${element("ram:ReasonCode", DISCOUNT_REASON.code)}${element(
    "ram:Reason",
    DISCOUNT_REASON.text,
  )}${categoryTax}</ram:SpecifiedTradeAllowanceCharge>`;
}

/** BG-27: a line's discount. */
function lineAllowance(line: DocumentLine, sign: number): string {
  if (line.discountCents === 0) return "";
  return allowance(
    {
      amountCents: line.discountCents,
      baseCents: line.grossCents,
      percentBp: line.discountKind === "percent" ? (line.discountValue ?? 0) : null,
    },
    sign,
  );
}

/** BG-20: the document discount's share on one VAT rate, with that rate's category (BT-95, BT-96). */
function documentAllowance(entry: DocumentAllowance, sign: number): string {
  return allowance(
    entry,
    sign,
    `<ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode>${element("ram:CategoryCode", entry.category)}${element(
      "ram:RateApplicablePercent",
      vatRatePercent(entry.category, entry.vatRateBp),
    )}</ram:CategoryTradeTax>`,
  );
}

/** A VAT rate as the XML states it; out of the scope of VAT there is none (BR-O-05, BR-O-06, BR-O-10). */
const vatRatePercent = (category: VatCategory, rateBp: number) => (category === "O" ? null : percent(rateBp));

function tax(entry: VatBreakdownEntry, sign: number, isVatOnDebits: boolean): string {
  return `<ram:ApplicableTradeTax>${element("ram:CalculatedAmount", amount(sign * entry.vatCents))}<ram:TypeCode>VAT</ram:TypeCode>${element(
    "ram:ExemptionReason",
    entry.exemptionReason,
  )}${element("ram:BasisAmount", amount(sign * entry.baseCents))}${element(
    "ram:CategoryCode",
    entry.category,
  )}${element("ram:ExemptionReasonCode", entry.exemptionReasonCode)}${element(
    "ram:DueDateTypeCode",
    isVatOnDebits ? VAT_DUE_ON_ISSUE : null,
  )}${element("ram:RateApplicablePercent", vatRatePercent(entry.category, entry.vatRateBp))}</ram:ApplicableTradeTax>`;
}

export function facturxXml(document: CommercialDocument): string {
  if (!document.number) throw new Error("a draft has no number and is never an e-invoice");
  // A credit note (381) states its amounts as positive: the type code carries the sign.
  const sign = document.kind === "avoir" ? -1 : 1;
  const { seller, buyer } = document;

  const notes = [
    { subject: "BAR", text: document.buyerCategory },
    ...document.notes,
    ...(document.comment ? [{ subject: null, text: document.comment }] : []),
  ]
    .map(
      (note) =>
        `<ram:IncludedNote>${element("ram:Content", note.text)}${element("ram:SubjectCode", note.subject)}</ram:IncludedNote>`,
    )
    .join("");

  const lines = document.lines
    .map(
      (line, index) =>
        `<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>${index + 1}</ram:LineID></ram:AssociatedDocumentLineDocument><ram:SpecifiedTradeProduct>${element(
          "ram:Name",
          line.description,
        )}</ram:SpecifiedTradeProduct><ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice>${element(
          "ram:ChargeAmount",
          amount(sign * line.unitPriceCents),
        )}</ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement><ram:SpecifiedLineTradeDelivery>${element(
          "ram:BilledQuantity",
          quantity(line.quantity),
          ` unitCode="${UNIT_CODES[line.unit?.trim().toLowerCase() ?? ""] ?? "C62"}"`,
        )}</ram:SpecifiedLineTradeDelivery><ram:SpecifiedLineTradeSettlement><ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode>${element(
          "ram:CategoryCode",
          line.vatCategory,
        )}${element("ram:RateApplicablePercent", vatRatePercent(line.vatCategory, line.vatRateBp))}</ram:ApplicableTradeTax>${lineAllowance(
          line,
          sign,
        )}<ram:SpecifiedTradeSettlementLineMonetarySummation>${element(
          "ram:LineTotalAmount",
          amount(sign * line.totalCents),
        )}</ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement></ram:IncludedSupplyChainTradeLineItem>`,
    )
    .join("");

  const sellerSiren = document.sellerSiren;
  // BR-O-02: a supply out of the scope of VAT carries neither the seller's nor the buyer's VAT identifier.
  const isOutOfScope = document.vatBreakdown.some((entry) => entry.category === "O");
  const sellerParty = `<ram:SellerTradeParty>${element(
    "ram:GlobalID",
    seller.siret,
    ' schemeID="0009"',
  )}${element("ram:Name", seller.legalName)}<ram:SpecifiedLegalOrganization>${element(
    "ram:ID",
    sellerSiren,
    ' schemeID="0002"',
  )}${element("ram:TradingBusinessName", seller.companyName)}</ram:SpecifiedLegalOrganization>${address(
    seller.address,
  )}<ram:URIUniversalCommunication>${element(
    "ram:URIID",
    sellerSiren,
    ' schemeID="0225"',
  )}</ram:URIUniversalCommunication>${
    // BT-31 the VAT number; under the franchise, or out of the scope of VAT (BR-O-02), BT-32 (scheme FC) holds the SIREN.
    seller.vatNumber && !document.isFranchise && !isOutOfScope
      ? `<ram:SpecifiedTaxRegistration>${element("ram:ID", seller.vatNumber, ' schemeID="VA"')}</ram:SpecifiedTaxRegistration>`
      : `<ram:SpecifiedTaxRegistration>${element("ram:ID", sellerSiren, ' schemeID="FC"')}</ram:SpecifiedTaxRegistration>`
  }</ram:SellerTradeParty>`;

  // BT-49: a French business is reached through its SIREN on the network, anyone else by e-mail.
  const buyerEndpoint =
    document.buyerCategory === "B2B" && document.buyerSiren
      ? element("ram:URIID", document.buyerSiren, ' schemeID="0225"')
      : element("ram:URIID", buyer.email, ' schemeID="EM"');
  const buyerParty = `<ram:BuyerTradeParty>${element(
    "ram:GlobalID",
    document.buyerCategory === "B2C" ? null : buyer.siret,
    ' schemeID="0009"',
  )}${element("ram:Name", buyer.company ?? buyer.name)}${
    document.buyerCategory !== "B2C" && document.buyerSiren
      ? `<ram:SpecifiedLegalOrganization>${element("ram:ID", document.buyerSiren, ' schemeID="0002"')}</ram:SpecifiedLegalOrganization>`
      : ""
  }${address(buyer.address)}${
    buyerEndpoint ? `<ram:URIUniversalCommunication>${buyerEndpoint}</ram:URIUniversalCommunication>` : ""
  }${
    buyer.vatNumber && document.buyerCategory !== "B2C" && !isOutOfScope
      ? `<ram:SpecifiedTaxRegistration>${element("ram:ID", buyer.vatNumber, ' schemeID="VA"')}</ram:SpecifiedTaxRegistration>`
      : ""
  }</ram:BuyerTradeParty>`;

  // BG-13/BG-15: the delivery address when it differs from the billing one. An intra-community supply
  // of goods must name the country the goods go to (BR-IC-12): the buyer's, unless delivered elsewhere.
  const isIntraCommunity = document.vatBreakdown.some((entry) => entry.category === "K");
  const shipTo = document.deliveryAddress ?? (isIntraCommunity ? buyer.address : null);
  const shipToParty = shipTo ? `<ram:ShipToTradeParty>${address(shipTo)}</ram:ShipToTradeParty>` : "";
  const { service } = document;
  const delivery =
    service && !service.end
      ? `<ram:ActualDeliverySupplyChainEvent>${dateTime("ram:OccurrenceDateTime", service.start)}</ram:ActualDeliverySupplyChainEvent>`
      : "";
  const period = service?.end
    ? `<ram:BillingSpecifiedPeriod>${dateTime("ram:StartDateTime", service.start)}${dateTime(
        "ram:EndDateTime",
        service.end,
      )}</ram:BillingSpecifiedPeriod>`
    : "";
  const paymentMeans =
    document.kind === "facture" && seller.iban
      ? `<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>58</ram:TypeCode><ram:PayeePartyCreditorFinancialAccount>${element(
          "ram:IBANID",
          seller.iban.replace(/\s+/g, ""),
        )}</ram:PayeePartyCreditorFinancialAccount>${
          seller.bic
            ? `<ram:PayeeSpecifiedCreditorFinancialInstitution>${element("ram:BICID", seller.bic)}</ram:PayeeSpecifiedCreditorFinancialInstitution>`
            : ""
        }</ram:SpecifiedTradeSettlementPaymentMeans>`
      : "";
  const paymentTerms =
    document.paymentTerms || document.dueDate
      ? `<ram:SpecifiedTradePaymentTerms>${element("ram:Description", document.paymentTerms)}${
          document.dueDate ? dateTime("ram:DueDateDateTime", document.dueDate) : ""
        }</ram:SpecifiedTradePaymentTerms>`
      : "";
  const allowances = document.allowances.map((entry) => documentAllowance(entry, sign)).join("");
  const allowanceTotal = document.allowances.reduce((sum, entry) => sum + entry.amountCents, 0);
  // BT-113: the deposits a final invoice deducts count as paid in advance, with the payments received.
  const prepaidCents = document.depositsCents + document.paidCents;
  const summation = `<ram:SpecifiedTradeSettlementHeaderMonetarySummation>${element(
    "ram:LineTotalAmount",
    amount(sign * document.linesCents),
  )}${
    allowanceTotal === 0 ? "" : element("ram:AllowanceTotalAmount", amount(sign * allowanceTotal))
  }${element("ram:TaxBasisTotalAmount", amount(sign * document.subtotalCents))}${element(
    "ram:TaxTotalAmount",
    amount(sign * document.taxCents),
    ' currencyID="EUR"',
  )}${element("ram:GrandTotalAmount", amount(sign * document.totalCents))}${
    prepaidCents > 0 ? element("ram:TotalPrepaidAmount", amount(prepaidCents)) : ""
  }${element("ram:DuePayableAmount", amount(sign * document.dueCents))}</ram:SpecifiedTradeSettlementHeaderMonetarySummation>`;
  // BG-3: a credit note's invoice, or the deposit invoices a final invoice deducts.
  const preceding = [...(document.precedingInvoice ? [document.precedingInvoice] : []), ...document.deposits]
    .map(
      (reference) =>
        `<ram:InvoiceReferencedDocument>${element("ram:IssuerAssignedID", reference.number)}${dateTime(
          "ram:FormattedIssueDateTime",
          reference.date,
          "qdt",
        )}</ram:InvoiceReferencedDocument>`,
    )
    .join("");
  // BT-23: a final invoice after deposits is framework B4, S4 or M4 rather than B1, S1 or M1.
  const { businessProcess } = OPERATION_NATURES[document.operationNature];
  const framework = document.deposits.length > 0 ? businessProcess.replace(/1$/, "4") : businessProcess;

  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"><rsm:ExchangedDocumentContext><ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>${framework}</ram:ID></ram:BusinessProcessSpecifiedDocumentContextParameter><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext><rsm:ExchangedDocument>${element(
    "ram:ID",
    document.number,
  )}<ram:TypeCode>${document.isDeposit ? DEPOSIT_TYPE_CODE : TYPE_CODES[document.kind]}</ram:TypeCode>${dateTime(
    "ram:IssueDateTime",
    document.issueDate,
  )}${notes}</rsm:ExchangedDocument><rsm:SupplyChainTradeTransaction>${lines}<ram:ApplicableHeaderTradeAgreement>${sellerParty}${buyerParty}</ram:ApplicableHeaderTradeAgreement><ram:ApplicableHeaderTradeDelivery>${shipToParty}${delivery}</ram:ApplicableHeaderTradeDelivery><ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>${paymentMeans}${document.vatBreakdown
    .map((entry) => tax(entry, sign, document.isVatOnDebits))
    .join(
      "",
    )}${period}${allowances}${paymentTerms}${summation}${preceding}</ram:ApplicableHeaderTradeSettlement></rsm:SupplyChainTradeTransaction></rsm:CrossIndustryInvoice>
`;
}
