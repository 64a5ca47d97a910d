/**
 * Other people's e-invoices, written for the reception tests (issue 28 §5) to the shapes of the standards:
 * CII D16B (Factur-X / ZUGFeRD 2), ZUGFeRD 1.0 and UBL 2.1 Invoice / CreditNote. A case names its seller,
 * currency and VAT groups; the totals are computed here to the cent, as a conforming producer would, so each
 * case's truth is plain: what the file says is what the expense must say.
 */

export type VatGroup = { category?: string; rate: string; lines: { name: string; net: string }[] };
export type ThirdPartyInvoice = {
  syntax: "cii" | "zugferd1" | "ubl";
  /** BT-3: 380 invoice, 386 deposit, 381 credit note (a UBL 381 is written as a CreditNote). */
  typeCode?: string;
  number: string;
  /** YYYY-MM-DD. */
  date: string;
  seller: { name: string; country: string; vatNumber?: string; siren?: string };
  currency?: string;
  /** BT-111: the VAT total in euros (BT-6 = EUR) of an invoice in another currency. */
  vatInEuros?: string;
  groups: VatGroup[];
  prepaid?: string;
  /** BT-25. */
  precedingInvoice?: string;
  profile?: string;
};

const cents = (amount: string) => Math.round(Number(amount) * 100);
const decimal = (value: number) => (value / 100).toFixed(2);

/** Each group's base and VAT, and the document totals, in cents. */
export function totalsOf({ groups, prepaid = "0" }: Pick<ThirdPartyInvoice, "groups" | "prepaid">) {
  const computed = groups.map((group) => {
    const base = group.lines.reduce((sum, line) => sum + cents(line.net), 0);
    return { ...group, base, vat: Math.round((base * Number(group.rate)) / 100) };
  });
  const net = computed.reduce((sum, group) => sum + group.base, 0);
  const vat = computed.reduce((sum, group) => sum + group.vat, 0);
  return { groups: computed, net, vat, gross: net + vat, due: net + vat - cents(prepaid) };
}

function cii(invoice: ThirdPartyInvoice, isVersion1: boolean): string {
  const { seller, currency = "EUR" } = invoice;
  const totals = totalsOf(invoice);
  const n = isVersion1
    ? {
        ns: 'xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:12" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:15"',
        root: "CrossIndustryDocument",
        context: "SpecifiedExchangedDocumentContext",
        document: "HeaderExchangedDocument",
        transaction: "SpecifiedSupplyChainTradeTransaction",
        agreement: "ApplicableSupplyChainTradeAgreement",
        settlement: "ApplicableSupplyChainTradeSettlement",
        sums: "SpecifiedTradeSettlementMonetarySummation",
        lineSettlement: "SpecifiedSupplyChainTradeSettlement",
        lineSums: "SpecifiedTradeSettlementMonetarySummation",
        percent: "ApplicablePercent",
        profile: "urn:ferd:CrossIndustryDocument:invoice:1p0:comfort",
      }
    : {
        ns: 'xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100"',
        root: "CrossIndustryInvoice",
        context: "ExchangedDocumentContext",
        document: "ExchangedDocument",
        transaction: "SupplyChainTradeTransaction",
        agreement: "ApplicableHeaderTradeAgreement",
        settlement: "ApplicableHeaderTradeSettlement",
        sums: "SpecifiedTradeSettlementHeaderMonetarySummation",
        lineSettlement: "SpecifiedLineTradeSettlement",
        lineSums: "SpecifiedTradeSettlementLineMonetarySummation",
        percent: "RateApplicablePercent",
        profile: "urn:cen.eu:en16931:2017",
      };
  const tax = (group: VatGroup) =>
    `<ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>${group.category ?? "S"}</ram:CategoryCode><ram:${n.percent}>${group.rate}</ram:${n.percent}>`;
  const lines = totals.groups.flatMap((group) =>
    group.lines.map(
      (line) => `<ram:IncludedSupplyChainTradeLineItem>
      <ram:SpecifiedTradeProduct><ram:Name>${line.name}</ram:Name></ram:SpecifiedTradeProduct>
      <ram:${n.lineSettlement}>
        <ram:ApplicableTradeTax>${tax(group)}</ram:ApplicableTradeTax>
        <ram:${n.lineSums}><ram:LineTotalAmount>${line.net}</ram:LineTotalAmount></ram:${n.lineSums}>
      </ram:${n.lineSettlement}>
    </ram:IncludedSupplyChainTradeLineItem>`,
    ),
  );
  const groups = totals.groups.map(
    (group) =>
      `<ram:ApplicableTradeTax><ram:CalculatedAmount>${decimal(group.vat)}</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>${decimal(group.base)}</ram:BasisAmount><ram:CategoryCode>${group.category ?? "S"}</ram:CategoryCode><ram:${n.percent}>${group.rate}</ram:${n.percent}></ram:ApplicableTradeTax>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:${n.root} ${n.ns}>
  <rsm:${n.context}><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>${invoice.profile ?? n.profile}</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:${n.context}>
  <rsm:${n.document}>
    <ram:ID>${invoice.number}</ram:ID>
    <ram:TypeCode>${invoice.typeCode ?? "380"}</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">${invoice.date.replaceAll("-", "")}</udt:DateTimeString></ram:IssueDateTime>
  </rsm:${n.document}>
  <rsm:${n.transaction}>
    ${lines.join("\n    ")}
    <ram:${n.agreement}>
      <ram:SellerTradeParty>
        <ram:Name>${seller.name}</ram:Name>
        ${seller.siren ? `<ram:SpecifiedLegalOrganization><ram:ID schemeID="0002">${seller.siren}</ram:ID></ram:SpecifiedLegalOrganization>` : ""}
        <ram:PostalTradeAddress><ram:CountryID>${seller.country}</ram:CountryID></ram:PostalTradeAddress>
        ${seller.vatNumber ? `<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${seller.vatNumber}</ram:ID></ram:SpecifiedTaxRegistration>` : ""}
      </ram:SellerTradeParty>
      <ram:BuyerTradeParty><ram:Name>Camille Martin EI</ram:Name></ram:BuyerTradeParty>
    </ram:${n.agreement}>
    <ram:${n.settlement}>
      <ram:InvoiceCurrencyCode>${currency}</ram:InvoiceCurrencyCode>
      ${invoice.vatInEuros ? "<ram:TaxCurrencyCode>EUR</ram:TaxCurrencyCode>" : ""}
      ${groups.join("\n      ")}
      ${invoice.precedingInvoice ? `<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>${invoice.precedingInvoice}</ram:IssuerAssignedID></ram:InvoiceReferencedDocument>` : ""}
      <ram:${n.sums}>
        <ram:LineTotalAmount>${decimal(totals.net)}</ram:LineTotalAmount>
        <ram:TaxBasisTotalAmount>${decimal(totals.net)}</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="${currency}">${decimal(totals.vat)}</ram:TaxTotalAmount>
        ${invoice.vatInEuros ? `<ram:TaxTotalAmount currencyID="EUR">${invoice.vatInEuros}</ram:TaxTotalAmount>` : ""}
        <ram:GrandTotalAmount>${decimal(totals.gross)}</ram:GrandTotalAmount>
        ${invoice.prepaid ? `<ram:TotalPrepaidAmount>${invoice.prepaid}</ram:TotalPrepaidAmount>` : ""}
        <ram:DuePayableAmount>${decimal(totals.due)}</ram:DuePayableAmount>
      </ram:${n.sums}>
    </ram:${n.settlement}>
  </rsm:${n.transaction}>
</rsm:${n.root}>`;
}

function ubl(invoice: ThirdPartyInvoice): string {
  const { seller, currency = "EUR" } = invoice;
  const isCreditNote = invoice.typeCode === "381";
  const root = isCreditNote ? "CreditNote" : "Invoice";
  const totals = totalsOf(invoice);
  const amount = (name: string, value: number, code = currency) =>
    `<cbc:${name} currencyID="${code}">${decimal(value)}</cbc:${name}>`;
  const category = (group: VatGroup, tag: string) =>
    `<cac:${tag}><cbc:ID>${group.category ?? "S"}</cbc:ID><cbc:Percent>${group.rate}</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:${tag}>`;
  const lines = totals.groups.flatMap((group) =>
    group.lines.map(
      (line, index) => `<cac:${root}Line><cbc:ID>${index + 1}</cbc:ID>
    <cbc:${isCreditNote ? "Credited" : "Invoiced"}Quantity unitCode="C62">1</cbc:${isCreditNote ? "Credited" : "Invoiced"}Quantity>
    ${amount("LineExtensionAmount", cents(line.net))}
    <cac:Item><cbc:Name>${line.name}</cbc:Name>${category(group, "ClassifiedTaxCategory")}</cac:Item>
    <cac:Price>${amount("PriceAmount", cents(line.net))}</cac:Price>
  </cac:${root}Line>`,
    ),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<${root} xmlns="urn:oasis:names:specification:ubl:schema:xsd:${root}-2"
  xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2"
  xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>${invoice.profile ?? "urn:cen.eu:en16931:2017"}</cbc:CustomizationID>
  <cbc:ID>${invoice.number}</cbc:ID>
  <cbc:IssueDate>${invoice.date}</cbc:IssueDate>
  <cbc:${root}TypeCode>${invoice.typeCode ?? "380"}</cbc:${root}TypeCode>
  <cbc:DocumentCurrencyCode>${currency}</cbc:DocumentCurrencyCode>
  ${invoice.vatInEuros ? "<cbc:TaxCurrencyCode>EUR</cbc:TaxCurrencyCode>" : ""}
  ${invoice.precedingInvoice ? `<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>${invoice.precedingInvoice}</cbc:ID></cac:InvoiceDocumentReference></cac:BillingReference>` : ""}
  <cac:AccountingSupplierParty><cac:Party>
    <cac:PostalAddress><cac:Country><cbc:IdentificationCode>${seller.country}</cbc:IdentificationCode></cac:Country></cac:PostalAddress>
    ${seller.vatNumber ? `<cac:PartyTaxScheme><cbc:CompanyID>${seller.vatNumber}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>` : ""}
    <cac:PartyLegalEntity><cbc:RegistrationName>${seller.name}</cbc:RegistrationName>${seller.siren ? `<cbc:CompanyID schemeID="0002">${seller.siren}</cbc:CompanyID>` : ""}</cac:PartyLegalEntity>
  </cac:Party></cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty><cac:Party><cac:PartyLegalEntity><cbc:RegistrationName>Camille Martin EI</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingCustomerParty>
  <cac:TaxTotal>
    ${amount("TaxAmount", totals.vat)}
    ${totals.groups.map((group) => `<cac:TaxSubtotal>${amount("TaxableAmount", group.base)}${amount("TaxAmount", group.vat)}${category(group, "TaxCategory")}</cac:TaxSubtotal>`).join("\n    ")}
  </cac:TaxTotal>
  ${invoice.vatInEuros ? `<cac:TaxTotal>${amount("TaxAmount", cents(invoice.vatInEuros), "EUR")}</cac:TaxTotal>` : ""}
  <cac:LegalMonetaryTotal>
    ${amount("LineExtensionAmount", totals.net)}
    ${amount("TaxExclusiveAmount", totals.net)}
    ${amount("TaxInclusiveAmount", totals.gross)}
    ${invoice.prepaid ? amount("PrepaidAmount", cents(invoice.prepaid)) : ""}
    ${amount("PayableAmount", totals.due)}
  </cac:LegalMonetaryTotal>
  ${lines.join("\n  ")}
</${root}>`;
}

/** The file's bytes, in the syntax the case names. */
export function thirdPartyInvoice(invoice: ThirdPartyInvoice): Uint8Array {
  const xml = invoice.syntax === "ubl" ? ubl(invoice) : cii(invoice, invoice.syntax === "zugferd1");
  return new TextEncoder().encode(xml);
}
