import { canRunAutonomously } from "@shared/domain/analysis/actions";
import type { AnalysisDto } from "@shared/schemas/analysis";
import { z } from "zod";
import type { Db } from "../../db/client";
import { markOverdueInvoices } from "../../jobs/invoice-jobs";
import type { Consent } from "./actions/common";
import { alwaysNeedsConfirmation, CONSENT_REQUIRED } from "./consent";

export const autonomousRequest = z.object({
  actions: z
    .array(z.object({ id: z.string().max(60) }).loose())
    .min(1, "Aucune action à exécuter.")
    .max(10, "10 actions au plus par appel."),
  userId: z.string().max(100).optional(),
});

export type AutonomousResult = { id: string; executed: boolean; success: boolean; message: string };

type Executor = {
  /** The same consent rule as the assistant's actions: one that always asks never runs from this endpoint. */
  consent: Consent;
  run: (db: Db, userId: string, now: Date) => Promise<string>;
};

/** What the application can carry out by itself, by analysis action id. */
const executors: Record<string, Executor> = {
  mark_overdue: {
    // A status update of the user's own invoices: nothing leaves, nothing is created or deleted.
    consent: "unless-agent-mode",
    run: async (db, userId, now) => {
      const count = await markOverdueInvoices(db, now, userId);
      return count
        ? `${count} facture${count > 1 ? "s" : ""} passée${count > 1 ? "s" : ""} en retard.`
        : "Aucune facture à mettre à jour.";
    },
  },
};

/**
 * autonomous-ai-execute (spec §7): runs the requested analysis actions for the session's user only. The
 * action is looked up in the user's own current analysis, never taken from the request, so its flags cannot
 * be forged; it runs only when the spec's rule allows it (automated with a high impact, or an update), the
 * analysis does not ask for a confirmation, and its executor's consent is not one that always asks.
 */
export async function executeAutonomously(
  db: Db,
  {
    userId,
    analysis,
    requested,
    now = new Date(),
  }: { userId: string; analysis: AnalysisDto; requested: string[]; now?: Date },
): Promise<AutonomousResult[]> {
  const results: AutonomousResult[] = [];
  for (const id of requested) {
    const action = analysis.actions.find((candidate) => candidate.id === id);
    const executor = executors[id];
    if (!action)
      results.push({ id, executed: false, success: false, message: "Action inconnue ou plus d'actualité." });
    else if (!canRunAutonomously(action) || !executor || alwaysNeedsConfirmation(executor.consent))
      results.push({ id, executed: false, success: false, message: CONSENT_REQUIRED });
    else results.push({ id, executed: true, success: true, message: await executor.run(db, userId, now) });
  }
  return results;
}
