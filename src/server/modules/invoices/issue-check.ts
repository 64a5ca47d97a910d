import { buyerAddressProblem, missingForInvoicing, typedClientMessage } from "@shared/domain/legal-identity";
import {
  applicableExemption,
  type BuyerIdentity,
  buyerSirenProblem,
  exemptionProblem,
  type VatExemption,
  ZERO_RATE_WITHOUT_REASON_MESSAGE,
} from "@shared/domain/vat-exemptions";
import { FRANCHISE_LINES_MESSAGE, isVatRateAllowed } from "@shared/domain/vat-regime";
import type { ErrorCode } from "@shared/errors";
import type { IssueProblemDto } from "@shared/schemas/invoices";
import { and, eq } from "drizzle-orm";
import {
  businessIdentities,
  clients,
  type InvoiceBuyer,
  type invoiceItems,
  type invoices,
} from "../../db/schema/index";
import type { Tx } from "../../db/tenant";
import { AppError } from "../../errors";
import { buyerOf } from "../documents/parties";

type InvoiceRow = typeof invoices.$inferSelect;
type ItemRow = typeof invoiceItems.$inferSelect;
type IdentityRow = typeof businessIdentities.$inferSelect;
type ClientRow = typeof clients.$inferSelect;

/** One reason a draft cannot be issued; `code` and `missing` keep the issue's refusal as callers know it. */
export type IssueProblem = IssueProblemDto & { code: ErrorCode; missing?: string[] };

export type IssueCheck =
  | { isReady: false; problems: IssueProblem[] }
  | {
      isReady: true;
      problems: [];
      identity: IdentityRow;
      client: ClientRow | undefined;
      buyer: InvoiceBuyer;
      vatExemption: VatExemption | null;
    };

/**
 * Every legal requirement of an invoice, checked before a number is taken (decision 007, issues 13, 28
 * and 31): at least one line, the seller's identity (`missingForInvoicing`), the regime's VAT rates, who
 * the client is, its address, a French business client's SIREN and the reason of every 0 % line. All the
 * problems are listed, in this order, so the issue dialog shows them at once (the readiness endpoint) and
 * the issue itself refuses with the first.
 */
export async function issueCheck(
  tx: Tx,
  userId: string,
  row: InvoiceRow,
  items: ItemRow[],
): Promise<IssueCheck> {
  const problems: IssueProblem[] = [];
  if (items.length === 0)
    problems.push({
      code: "validation_failed",
      fix: "invoice",
      message: "Ajoutez au moins une ligne avant d'émettre la facture.",
    });
  const [identity] = await tx.select().from(businessIdentities).where(eq(businessIdentities.userId, userId));
  const missing = missingForInvoicing(identity ?? {});
  if (missing.length > 0)
    problems.push({
      code: "validation_failed",
      fix: "identity",
      message: `Complétez votre identité dans Paramètres avant d'émettre : ${missing.join(", ")}.`,
      missing,
    });
  if (identity && items.some((item) => !isVatRateAllowed(identity.vatRegime, item.vatRateBp)))
    problems.push({ code: "validation_failed", fix: "invoice", message: FRANCHISE_LINES_MESSAGE });
  const [client] = row.clientId
    ? await tx
        .select()
        .from(clients)
        .where(and(eq(clients.id, row.clientId), eq(clients.userId, userId)))
    : [];
  const buyerCheck = checkBuyer(row, client, identity, items);
  problems.push(...buyerCheck.problems);
  if (problems.length > 0 || !identity || !buyerCheck.buyer) return { isReady: false, problems };
  return {
    isReady: true,
    problems: [],
    identity,
    client,
    buyer: buyerCheck.buyer,
    vatExemption: buyerCheck.vatExemption,
  };
}

/** The issue's refusal: the first problem's code and message, and every problem in `issues`. */
export function issueRefusal(problems: IssueProblem[]): AppError {
  const [first] = problems;
  const issues = problems.flatMap((problem) =>
    problem.missing
      ? problem.missing.map((label) => ({ path: "identity", message: label }))
      : [{ path: problem.fix, message: problem.message }],
  );
  return new AppError(first?.code ?? "unprocessable", first?.message ?? "", issues);
}

/**
 * The buyer-side mentions: who the client is (a record, or a typed consumer or business), its address, a
 * French business client's SIREN, and the applicable exemption's conditions (an EU business with its VAT
 * number for reverse charge…), each naming the client. A client record's problems are fixed in its record.
 */
function checkBuyer(
  row: InvoiceRow,
  client: ClientRow | undefined,
  identity: IdentityRow | undefined,
  items: ItemRow[],
): { problems: IssueProblem[]; buyer?: InvoiceBuyer; vatExemption: VatExemption | null } {
  if (!client && !row.buyer)
    return {
      problems: [{ code: "unprocessable", fix: "invoice", message: typedClientMessage(row.clientName) }],
      vatExemption: null,
    };
  const buyer = buyerOf(row, client);
  const identityOfBuyer: BuyerIdentity = {
    ...buyer,
    name: buyer.company ?? buyer.name,
    country: buyer.address.country,
  };
  const ratesBp = items.map((item) => item.vatRateBp);
  const isFranchise = identity?.vatRegime === "franchise";
  const vatExemption = applicableExemption({
    chosen: row.vatExemption,
    isFranchise,
    nature: row.operationNature ?? identity?.operationNature ?? "services",
    buyer: identityOfBuyer,
  });
  const where = client ? { fix: "client" as const, clientId: client.id } : { fix: "invoice" as const };
  const clientProblems = [
    buyerAddressProblem(identityOfBuyer.name, buyer.address),
    buyerSirenProblem(identityOfBuyer),
  ].flatMap((message) => (message ? [{ code: "unprocessable" as const, ...where, message }] : []));
  const exemption = vatExemption
    ? exemptionProblem(vatExemption, { buyer: identityOfBuyer, ratesBp })
    : !isFranchise && ratesBp.includes(0)
      ? ZERO_RATE_WITHOUT_REASON_MESSAGE
      : null;
  const problems: IssueProblem[] = exemption
    ? [...clientProblems, { code: "unprocessable", fix: "invoice", message: exemption }]
    : clientProblems;
  return { problems, buyer, vatExemption };
}
