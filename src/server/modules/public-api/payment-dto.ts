import type { PaymentDto } from "@shared/schemas/public-api";
import type { payments } from "../../db/schema/index";

/** A payment as the public API and the payment.received event show it. */
export function toPaymentDto(row: typeof payments.$inferSelect): PaymentDto {
  return {
    id: row.id,
    invoiceId: row.invoiceId,
    amountCents: row.amountCents,
    paidOn: row.paidOn,
    method: row.method,
    reference: row.reference,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
  };
}
