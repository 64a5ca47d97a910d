import type { Db } from "../db/client";
import { invoices, payments } from "../db/schema/index";

/**
 * An invoice row exactly as a test describes it (figures chosen by hand, none of the services' rules), with
 * its payments as [paid on, cents] pairs: for tests that check computations over given data.
 */
export async function insertInvoiceRow(
  db: Db,
  values: typeof invoices.$inferInsert,
  paid: [string, number][] = [],
): Promise<string> {
  const [invoice] = await db.insert(invoices).values(values).returning({ id: invoices.id });
  if (!invoice) throw new Error("no invoice");
  for (const [paidOn, amountCents] of paid)
    await db.insert(payments).values({ userId: values.userId, invoiceId: invoice.id, paidOn, amountCents });
  return invoice.id;
}
