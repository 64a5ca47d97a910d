import { computeTotals } from "@shared/domain/totals";
import type { LineInput } from "@shared/schemas/invoices";

/**
 * The stored rows and totals of a document's lines (invoice or quote), computed by the shared domain:
 * totals sent by a client are never trusted.
 */
export function lineRows(lines: LineInput[]) {
  const totals = computeTotals(lines);
  const rows = lines.map((line, position) => ({
    position,
    description: line.description,
    quantity: line.quantity,
    unit: line.unit ?? null,
    unitPriceCents: line.unitPriceCents,
    vatRateBp: line.vatRateBp,
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
      totalCents: item.totalCents,
    }));
}

type CopiedLine = Pick<LineInput, "description" | "quantity" | "unit" | "unitPriceCents" | "vatRateBp">;

/** The lines of a document as the input of a new one (a duplicate, a quote's invoice): no ids nor totals. */
export function copiedLines(lines: CopiedLine[]): LineInput[] {
  return lines.map(({ description, quantity, unit, unitPriceCents, vatRateBp }) => ({
    description,
    quantity,
    unit,
    unitPriceCents,
    vatRateBp,
  }));
}
