import { boolean, integer, pgTable, text } from "drizzle-orm/pg-core";
// Relative, not @shared: drizzle-kit loads this file without the TypeScript path aliases.
import { declarationFrequencies, urssafActivities } from "../../../shared/domain/urssaf";
import { checkIn, day, timestamps, tstz } from "./columns";
import { tenantPolicy, tenantUserId } from "./tenancy";

/**
 * URSSAF declaration settings, one row per user (issue 13 §3). No row means the help is not set up yet.
 * `reminded_period` is the key of the last period whose deadline e-mail went out: the job claims a period by
 * updating it, so several server instances never send the same reminder twice; a failed e-mail is retried.
 */
export const microSettings = pgTable(
  "micro_settings",
  {
    userId: tenantUserId().primaryKey(),
    activity: text("activity", { enum: urssafActivities }).notNull(),
    frequency: text("frequency", { enum: declarationFrequencies }).notNull(),
    /** Start of activity: the first declaration and the ACRE window count from it. */
    creationDate: day("creation_date").notNull(),
    hasAcre: boolean("has_acre").notNull().default(false),
    hasVersementLiberatoire: boolean("has_versement_liberatoire").notNull().default(false),
    remindedPeriod: text("reminded_period"),
    /** That period's e-mail: tries so far, when the next is due (null once sent or given up), last failure. */
    reminderAttempts: integer("reminder_attempts").notNull().default(0),
    reminderRetryAt: tstz("reminder_retry_at"),
    reminderError: text("reminder_error"),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy(t.userId),
    checkIn("micro_settings_activity_check", t.activity, urssafActivities),
    checkIn("micro_settings_frequency_check", t.frequency, declarationFrequencies),
  ],
).enableRLS();
