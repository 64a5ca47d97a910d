import { runEventRules } from "../modules/automations/event-rules";
import { runRecurringInvoices } from "../modules/automations/recurring-invoices";
import { syncChangedClients } from "../modules/mailchimp/mailchimp.service";
import { deliverWebhooks, httpSender } from "../modules/public-api/webhook-delivery";
import type { Services } from "../services";
import { planOverdueReminders, sendWeeklySummaries } from "./automation-jobs";
import { compactDataChanges } from "./data-changes-job";
import { lifecyclePoller, pullReceivedInvoices, sendDueAnswers, sendDueOutgoing } from "./einvoice-inbox-job";
import { markOverdueInvoices, sendDueReminders } from "./invoice-jobs";
import { sendUrssafDeadlineReminders } from "./urssaf-deadline-job";
import { sendVatFranchiseEndEmails } from "./vat-franchise-job";

const EVERY_MINUTE = 60_000;
/**
 * Webhook deliveries have their own, shorter beat: a first retry is due 20 s after a failure (decision 013).
 * A beat drains everything due, round-robin across users (deliverWebhooks); the next waits for it to end.
 */
export const WEBHOOK_BEAT_MS = 10_000;

/**
 * The server's periodic work, once a minute: overdue invoices, the relances of active overdue rules, due
 * reminders, weekly summaries, the Mailchimp sync of changed clients, URSSAF deadline reminders, the
 * supplier e-invoices received by the plateforme agréée, the compaction of data_changes. State lives in the
 * database, so every instance may run the loop; row claims and unique keys keep the work from being done
 * twice.
 */
export function startJobLoop(
  {
    database,
    mailer,
    logger,
    env,
    secrets,
    einvoicing,
    targets,
  }: Pick<Services, "database" | "mailer" | "logger" | "env" | "secrets" | "einvoicing" | "targets">,
  intervalMs = EVERY_MINUTE,
) {
  let isRunning = false;
  const db = database.db;
  const pollLifecycle = lifecyclePoller({ db, platform: einvoicing });
  // Each job on its own: one failing (a bad row, a database hiccup) must not hold back the others.
  const jobs = {
    overdue: () => markOverdueInvoices(db),
    relances: () => planOverdueReminders(db),
    reminders: () => sendDueReminders({ db, mailer, logger }),
    summaries: () => sendWeeklySummaries({ db, mailer, logger, appUrl: env.appUrl }),
    recurringInvoices: () => runRecurringInvoices({ db, mailer, logger }),
    automationEmails: () => runEventRules({ db, mailer, logger, appUrl: env.appUrl }),
    // Clients created or changed since their last sync, whatever path changed them (page, assistant, API).
    mailchimp: () => syncChangedClients({ db, secrets, apiUrl: env.MAILCHIMP_API_URL, logger }),
    urssafDeadlines: () => sendUrssafDeadlineReminders({ db, mailer, logger, appUrl: env.appUrl }),
    vatFranchiseEnds: () => sendVatFranchiseEndEmails({ db, mailer, logger, appUrl: env.appUrl }),
    receivedEinvoices: () => pullReceivedInvoices({ db, platform: einvoicing, logger }),
    einvoiceAnswers: () => sendDueAnswers({ db, platform: einvoicing, logger }),
    einvoiceOutgoing: () => sendDueOutgoing({ db, platform: einvoicing, logger }),
    einvoiceLifecycle: () => pollLifecycle(),
    dataChanges: () => compactDataChanges(db),
  };
  const tick = async () => {
    if (isRunning) return;
    isRunning = true;
    const done: Record<string, unknown> = {};
    for (const [name, job] of Object.entries(jobs)) {
      try {
        const result = await job();
        if (typeof result === "number" ? result > 0 : result.sent > 0 || result.skipped > 0)
          done[name] = result;
      } catch (error) {
        logger.error({ err: error, job: name }, "job failed");
      }
    }
    if (Object.keys(done).length > 0) logger.info(done, "jobs");
    isRunning = false;
  };
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  void tick();
  const send = httpSender(targets);
  let isDelivering = false;
  const deliver = async () => {
    if (isDelivering) return;
    isDelivering = true;
    await deliverWebhooks({ db, logger, send }).catch((error) =>
      logger.error({ err: error, job: "webhooks" }, "job failed"),
    );
    isDelivering = false;
  };
  const webhookTimer = setInterval(() => void deliver(), Math.min(intervalMs, WEBHOOK_BEAT_MS));
  webhookTimer.unref();
  // A backlog left by a restart goes at once, not a beat later.
  void deliver();
  return () => {
    clearInterval(timer);
    clearInterval(webhookTimer);
  };
}
