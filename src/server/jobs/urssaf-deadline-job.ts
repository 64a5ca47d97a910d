import { parisToday } from "@shared/domain/dates";
import { declarationToRemind } from "@shared/domain/urssaf-calendar";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { microSettings, user } from "../db/schema/index";
import type { Mailer } from "../email/mailer";
import { urssafDeadlineEmail } from "../email/templates/urssaf-deadline";
import type { Logger } from "../logger";
import { getUrssafOverview } from "../modules/urssaf/urssaf.service";

/**
 * The e-mail a few days before each URSSAF deadline of a user who set up the URSSAF help (issue 13 §3); the
 * bell shows the same deadline from the same rule (declarationToRemind). Once per period: the job claims it
 * by moving `micro_settings.reminded_period` to the period's key with a conditional update, so a restart or
 * a second instance never sends it again. A failed e-mail is logged, not retried: the bell still shows it.
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
      email: user.email,
      name: user.name,
    })
    .from(microSettings)
    .innerJoin(user, eq(user.id, microSettings.userId));
  let sent = 0;
  for (const row of rows) {
    const period = declarationToRemind(today, row);
    if (!period || row.remindedPeriod === period.from) continue;
    const claimed = await db
      .update(microSettings)
      .set({ remindedPeriod: period.from })
      .where(
        and(
          eq(microSettings.userId, row.userId),
          sql`${microSettings.remindedPeriod} is distinct from ${period.from}`,
        ),
      )
      .returning({ userId: microSettings.userId });
    if (claimed.length === 0) continue;
    try {
      const { declaration } = await getUrssafOverview(db, { userId: row.userId, day: period.from, now });
      if (!declaration) continue;
      const email = urssafDeadlineEmail({
        name: row.name,
        appUrl,
        frequency: row.frequency,
        declaration,
      });
      await mailer.send({ to: row.email, userId: row.userId, ...email });
      sent++;
    } catch (error) {
      logger.warn({ err: error, userId: row.userId, period: period.from }, "URSSAF deadline e-mail failed");
    }
  }
  return sent;
}
