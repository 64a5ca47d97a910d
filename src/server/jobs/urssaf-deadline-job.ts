import { parisToday } from "@shared/domain/dates";
import { declarationToRemind } from "@shared/domain/urssaf-calendar";
import { and, eq, lte, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { microSettings, user } from "../db/schema/index";
import type { Mailer } from "../email/mailer";
import { urssafDeadlineEmail } from "../email/templates/urssaf-deadline";
import type { Logger } from "../logger";
import { getUrssafOverview } from "../modules/urssaf/urssaf.service";
import { leaseEnd, nextTryAt } from "./retry-schedule";

/**
 * The e-mail a few days before each URSSAF deadline of a user who set up the URSSAF help (issue 13 §3); the
 * bell shows the same deadline from the same rule (declarationToRemind). Once per period: the job claims it
 * by moving `micro_settings.reminded_period` to the period's key with a conditional update, so a restart or
 * a second instance never sends it again. A failed e-mail is retried on the queue's schedule
 * (retry-schedule.ts) until it goes or the tries run out; the bell shows the deadline either way.
 * Runs as the owner role across users; the figures are read in the user's tenant, like the URSSAF page.
 */
export async function sendUrssafDeadlineReminders(
  { db, mailer, logger, appUrl }: { db: Db; mailer: Mailer; logger: Logger; appUrl: string },
  now = new Date(),
): Promise<number> {
  const today = parisToday(now);
  const rows = await db
    .select({
      userId: microSettings.userId,
      frequency: microSettings.frequency,
      creationDate: microSettings.creationDate,
      remindedPeriod: microSettings.remindedPeriod,
      retryAt: microSettings.reminderRetryAt,
      email: user.email,
      name: user.name,
    })
    .from(microSettings)
    .innerJoin(user, eq(user.id, microSettings.userId));
  let sent = 0;
  for (const row of rows) {
    const period = declarationToRemind(today, row);
    if (!period) continue;
    const isNewPeriod = row.remindedPeriod !== period.from;
    if (!isNewPeriod && !(row.retryAt && row.retryAt <= now)) continue;
    // A new period's first try, or a due retry of the same period; either leases the row for the try.
    const [claimed] = await db
      .update(microSettings)
      .set({
        remindedPeriod: period.from,
        reminderAttempts: isNewPeriod ? 1 : sql`${microSettings.reminderAttempts} + 1`,
        reminderRetryAt: leaseEnd(now),
        ...(isNewPeriod ? { reminderError: null } : {}),
      })
      .where(
        and(
          eq(microSettings.userId, row.userId),
          isNewPeriod
            ? sql`${microSettings.remindedPeriod} is distinct from ${period.from}`
            : and(eq(microSettings.remindedPeriod, period.from), lte(microSettings.reminderRetryAt, now)),
        ),
      )
      .returning({ attempts: microSettings.reminderAttempts });
    if (!claimed) continue;
    let outcome: { reminderRetryAt: Date | null; reminderError: string | null };
    try {
      const { declaration } = await getUrssafOverview(db, { userId: row.userId, day: period.from, now });
      if (declaration) {
        const email = urssafDeadlineEmail({ name: row.name, appUrl, frequency: row.frequency, declaration });
        await mailer.send({ to: row.email, userId: row.userId, ...email });
        sent++;
      }
      outcome = { reminderRetryAt: null, reminderError: null };
    } catch (error) {
      outcome = {
        reminderRetryAt: nextTryAt(claimed.attempts, now),
        reminderError: (error as Error).message,
      };
      logger.warn(
        { err: error, userId: row.userId, period: period.from, attempts: claimed.attempts },
        outcome.reminderRetryAt
          ? "URSSAF deadline e-mail failed; retried later"
          : "URSSAF deadline e-mail failed for good",
      );
    }
    await db.update(microSettings).set(outcome).where(eq(microSettings.userId, row.userId));
  }
  return sent;
}
