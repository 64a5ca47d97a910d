import type { Services } from "../services";
import { planOverdueReminders, sendWeeklySummaries } from "./automation-jobs";
import { markOverdueInvoices, sendDueReminders } from "./invoice-jobs";

const EVERY_MINUTE = 60_000;

/**
 * The server's periodic work, once a minute: overdue invoices, the relances of active overdue rules, due
 * reminders, weekly summaries. State lives in the database, so every instance may run the loop; row claims and unique keys
 * keep the work from being done twice.
 */
export function startJobLoop(
  { database, mailer, logger, env }: Pick<Services, "database" | "mailer" | "logger" | "env">,
  intervalMs = EVERY_MINUTE,
) {
  let isRunning = false;
  const tick = async () => {
    if (isRunning) return;
    isRunning = true;
    try {
      const overdue = await markOverdueInvoices(database.db);
      const relances = await planOverdueReminders(database.db);
      const reminders = await sendDueReminders({ db: database.db, mailer, logger });
      const summaries = await sendWeeklySummaries({ db: database.db, mailer, logger, appUrl: env.appUrl });
      if (overdue || relances || reminders.sent || reminders.skipped || summaries)
        logger.info({ overdue, relances, ...reminders, summaries }, "jobs");
    } catch (error) {
      logger.error({ err: error }, "job loop tick failed");
    } finally {
      isRunning = false;
    }
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  return () => clearInterval(timer);
}
