import { EINVOICE_STATUSES, type EinvoiceStatus, einvoiceStatusFromCode } from "@shared/domain/einvoicing";
import { escapeXml } from "../../../facturx/cii";
import { all, first, parseXml, text } from "../xml";

/**
 * Lifecycle messages (« cycle de vie », XP Z12-012): UN/CEFACT CDAR D22B documents, one status about one
 * invoice (MONO), shaped on the standard's annex B examples (decision 020). Only what Ardoise needs is
 * written and read: the invoice (BT-1 number, BT-2 date, seller's SIREN), the status code (MDT-105), the
 * reason (MDT-113/114) and, for « encaissée », the amount cashed (MDT-215).
 */
export type LifecycleStatus = {
  status: EinvoiceStatus;
  invoiceNumber: string;
  /** The invoice's seller (the recipient of a status the buyer emits). */
  sellerSiren: string | null;
  /** Who emits the status. */
  issuerSiren: string | null;
  invoiceIssueDate: string | null;
  reasonCode: string | null;
  reason: string | null;
  amountCents: number | null;
  occurredAt: Date;
};

/** 2026-12-03T15:04:05Z → 20261203150405 (format 204, UTC). */
const dateTime204 = (date: Date) => date.toISOString().replace(/\D/g, "").slice(0, 14);
const party = (tag: string, siren: string | null, role: string) =>
  `<ram:${tag}>${siren ? `<ram:GlobalID schemeID="0002">${escapeXml(siren)}</ram:GlobalID>` : ""}<ram:RoleCode>${role}</ram:RoleCode></ram:${tag}>`;

export function buildCdar(message: LifecycleStatus & { id: string; issuerRole: "SE" | "BY" }): string {
  const { code, label } = EINVOICE_STATUSES[message.status];
  const recipientRole = message.issuerRole === "SE" ? "BY" : "SE";
  const reason =
    message.reason || message.reasonCode || message.amountCents !== null
      ? `<ram:SpecifiedDocumentStatus>${message.reasonCode ? `<ram:ReasonCode>${escapeXml(message.reasonCode)}</ram:ReasonCode>` : ""}${message.reason ? `<ram:Reason>${escapeXml(message.reason)}</ram:Reason>` : ""}${
          message.amountCents !== null
            ? `<ram:SpecifiedDocumentCharacteristic><ram:TypeCode>MEN</ram:TypeCode><ram:ValueAmount currencyID="EUR">${(message.amountCents / 100).toFixed(2)}</ram:ValueAmount></ram:SpecifiedDocumentCharacteristic>`
            : ""
        }</ram:SpecifiedDocumentStatus>`
      : "";
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossDomainAcknowledgementAndResponse xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossDomainAcknowledgementAndResponse:100">
<rsm:ExchangedDocumentContext><ram:BusinessProcessSpecifiedDocumentContextParameter><ram:ID>REGULATED</ram:ID></ram:BusinessProcessSpecifiedDocumentContextParameter><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn.cpro.gouv.fr:1p0:CDV:invoice</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
<rsm:ExchangedDocument><ram:ID>${escapeXml(message.id)}</ram:ID><ram:IssueDateTime><udt:DateTimeString format="204">${dateTime204(message.occurredAt)}</udt:DateTimeString></ram:IssueDateTime>${party("IssuerTradeParty", message.issuerSiren, message.issuerRole)}${party("RecipientTradeParty", message.issuerRole === "SE" ? null : message.sellerSiren, recipientRole)}</rsm:ExchangedDocument>
<rsm:AcknowledgementDocument><ram:MultipleReferencesIndicator><udt:Indicator>false</udt:Indicator></ram:MultipleReferencesIndicator><ram:TypeCode>23</ram:TypeCode><ram:IssueDateTime><udt:DateTimeString format="204">${dateTime204(message.occurredAt)}</udt:DateTimeString></ram:IssueDateTime>
<ram:ReferenceReferencedDocument><ram:IssuerAssignedID>${escapeXml(message.invoiceNumber)}</ram:IssuerAssignedID><ram:TypeCode>380</ram:TypeCode>${
    message.invoiceIssueDate
      ? `<ram:FormattedIssueDateTime><qdt:DateTimeString format="102">${message.invoiceIssueDate.replace(/-/g, "")}</qdt:DateTimeString></ram:FormattedIssueDateTime>`
      : ""
  }<ram:ProcessConditionCode>${code}</ram:ProcessConditionCode><ram:ProcessCondition>${escapeXml(label)}</ram:ProcessCondition>${
    message.sellerSiren
      ? `<ram:IssuerTradeParty><ram:GlobalID schemeID="0002">${escapeXml(message.sellerSiren)}</ram:GlobalID></ram:IssuerTradeParty>`
      : ""
  }${reason}</ram:ReferenceReferencedDocument>
</rsm:AcknowledgementDocument>
</rsm:CrossDomainAcknowledgementAndResponse>
`;
}

const fromDateTime204 = (value: string | undefined) => {
  const digits = value?.match(/^(\d{4})(\d{2})(\d{2})(\d{2})?(\d{2})?(\d{2})?$/);
  if (!digits) return null;
  const [, y, mo, d, h = "00", mi = "00", s = "00"] = digits;
  return new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}Z`);
};

/** Reads the statuses of a CDAR document (a MULTI one carries several); unknown codes are skipped. */
export function readCdar(bytes: Uint8Array): LifecycleStatus[] {
  const { root, element } = parseXml(bytes);
  if (root !== "CrossDomainAcknowledgementAndResponse") return [];
  const issuerSiren = text(element, "ExchangedDocument/IssuerTradeParty/GlobalID") ?? null;
  const acknowledgement = first(element, "AcknowledgementDocument");
  const issuedAt =
    fromDateTime204(text(acknowledgement, "IssueDateTime/DateTimeString")) ??
    fromDateTime204(text(element, "ExchangedDocument/IssueDateTime/DateTimeString")) ??
    new Date();
  return all(acknowledgement, "ReferenceReferencedDocument").flatMap((reference) => {
    const status = einvoiceStatusFromCode(text(reference, "ProcessConditionCode") ?? "");
    const invoiceNumber = text(reference, "IssuerAssignedID");
    if (!status || !invoiceNumber) return [];
    const amount = text(reference, "SpecifiedDocumentStatus/SpecifiedDocumentCharacteristic/ValueAmount");
    const issueDate = text(reference, "FormattedIssueDateTime/DateTimeString");
    return [
      {
        status,
        invoiceNumber,
        sellerSiren: text(reference, "IssuerTradeParty/GlobalID") ?? null,
        issuerSiren,
        invoiceIssueDate:
          issueDate?.length === 8
            ? `${issueDate.slice(0, 4)}-${issueDate.slice(4, 6)}-${issueDate.slice(6)}`
            : null,
        reasonCode: text(reference, "SpecifiedDocumentStatus/ReasonCode") ?? null,
        reason: text(reference, "SpecifiedDocumentStatus/Reason") ?? null,
        amountCents: amount && Number.isFinite(Number(amount)) ? Math.round(Number(amount) * 100) : null,
        occurredAt: issuedAt,
      },
    ];
  });
}
