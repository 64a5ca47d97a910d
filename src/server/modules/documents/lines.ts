import { computeTotals, type Discountable, discountProblem } from "@shared/domain/totals";
import type { LineInput } from "@shared/schemas/invoices";
import { AppError } from "../../errors";

/**
 * The stored rows and totals of a document's lines (invoice or quote) and its discount, computed by the
 * shared domain: totals sent by a client are never trusted. A discount worth more than its base is refused
 * here too, for the updates that change the discount or the lines alone.
 */
export function lineRows(lines: LineInput[], documentDiscount: Discountable = {}) {
  const problem = discountProblem(lines, documentDiscount);
  if (problem)
    throw new AppError("validation_failed", problem.message, [
      { path: problem.path.join("."), message: problem.message },
    ]);
  const totals = computeTotals(lines, documentDiscount);
  const rows = lines.map((line, position) => ({
    position,
    description: line.description,
    quantity: line.quantity,
    unit: line.unit ?? null,
    unitPriceCents: line.unitPriceCents,
    vatRateBp: line.vatRateBp,
    discountKind: line.discountValue ? (line.discountKind ?? null) : null,
    discountValue: line.discountKind ? (line.discountValue ?? 0) : 0,
    totalCents: totals.lineTotalsCents[position] ?? 0,
  }));
  return {
    rows,
    totals: { subtotalCents: totals.subtotalCents, taxCents: totals.taxCents, totalCents: totals.totalCents },
  };
}

type StoredLine = {
  id: string;
  position: number;
  description: string;
  quantity: number;
  unit: string | null;
  unitPriceCents: number;
  vatRateBp: number;
  discountKind: "percent" | "amount" | null;
  discountValue: number;
  totalCents: number;
};

export function lineDtos(items: StoredLine[]) {
  return [...items]
    .sort((a, b) => a.position - b.position)
    .map((item) => ({
      id: item.id,
      position: item.position,
      description: item.description,
      quantity: item.quantity,
      unit: item.unit ?? undefined,
      unitPriceCents: item.unitPriceCents,
      vatRateBp: item.vatRateBp,
      discountKind: item.discountKind,
      discountValue: item.discountValue,
      totalCents: item.totalCents,
    }));
}

type CopiedLine = Pick<
  LineInput,
  "description" | "quantity" | "unit" | "unitPriceCents" | "vatRateBp" | "discountKind" | "discountValue"
>;

/** The lines of a document as the input of a new one (a duplicate, a quote's invoice): no ids nor totals. */
export function copiedLines(lines: CopiedLine[]): LineInput[] {
  return lines.map(
    ({ description, quantity, unit, unitPriceCents, vatRateBp, discountKind, discountValue }) => ({
      description,
      quantity,
      unit,
      unitPriceCents,
      vatRateBp,
      discountKind,
      discountValue,
    }),
  );
}
