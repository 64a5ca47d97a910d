import { canRunAutonomously } from "@shared/domain/analysis/actions";
import type { AnalysisDto } from "@shared/schemas/analysis";
import { z } from "zod";
import type { Db } from "../../db/client";
import { markOverdueInvoices } from "../../jobs/invoice-jobs";

export const autonomousRequest = z.object({
  actions: z
    .array(z.object({ id: z.string().max(60) }).loose())
    .min(1, "Aucune action à exécuter.")
    .max(10, "10 actions au plus par appel."),
  userId: z.string().max(100).optional(),
});

export type AutonomousResult = { id: string; executed: boolean; success: boolean; message: string };

/** What the application can carry out by itself, by analysis action id. */
const executors: Record<string, (db: Db, userId: string, now: Date) => Promise<string>> = {
  mark_overdue: async (db, userId, now) => {
    const count = await markOverdueInvoices(db, now, userId);
    return count
      ? `${count} facture${count > 1 ? "s" : ""} passée${count > 1 ? "s" : ""} en retard.`
      : "Aucune facture à mettre à jour.";
  },
};

/**
 * autonomous-ai-execute (spec §7): runs the requested analysis actions for the session's user only. The
 * action is looked up in the user's own current analysis, never taken from the request, so its flags cannot
 * be forged; it runs only when the spec's rule allows it (automated with a high impact, or an update) and
 * it needs no confirmation.
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
    else if (!canRunAutonomously(action) || !executor)
      results.push({
        id,
        executed: false,
        success: false,
        message: "Cette action demande votre confirmation : elle n'a pas été exécutée.",
      });
    else results.push({ id, executed: true, success: true, message: await executor(db, userId, now) });
  }
  return results;
}
