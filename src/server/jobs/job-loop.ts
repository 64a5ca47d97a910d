import type { Services } from "../services";
import { markOverdueInvoices, sendDueReminders } from "./invoice-jobs";

const EVERY_MINUTE = 60_000;

/**
 * The server's periodic work: overdue invoices and due reminders, once a minute. State lives in the
 * database, so every instance may run the loop; row claims keep the work from being done twice.
 */
export function startJobLoop(
  { database, mailer, logger }: Pick<Services, "database" | "mailer" | "logger">,
  intervalMs = EVERY_MINUTE,
) {
  let isRunning = false;
  const tick = async () => {
    if (isRunning) return;
    isRunning = true;
    try {
      const overdue = await markOverdueInvoices(database.db);
      const reminders = await sendDueReminders({ db: database.db, mailer, logger });
      if (overdue || reminders.sent || reminders.skipped) logger.info({ overdue, ...reminders }, "jobs");
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
