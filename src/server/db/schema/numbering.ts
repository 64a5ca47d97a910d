import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { checkIn, updatedAt } from "./columns";
import { tenantPolicy, tenantUserId } from "./tenancy";

export const numberingSeries = ["facture", "avoir", "devis", "contrat"] as const;
export type NumberingSeries = (typeof numberingSeries)[number];

/**
 * Last number handed out per user, series and year. Issuing takes the next value with
 * `insert … on conflict (user_id, series, year) do update set last_value = numbering_counters.last_value + 1
 * returning last_value` in the same transaction as the invoice update: the row lock serialises concurrent
 * issues across instances, and a rollback gives the number back, so the series has no gap.
 */
export const numberingCounters = pgTable(
  "numbering_counters",
  {
    userId: tenantUserId(),
    series: text("series", { enum: numberingSeries }).notNull(),
    year: integer("year").notNull(),
    lastValue: integer("last_value").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: "numbering_counters_pkey", columns: [t.userId, t.series, t.year] }),
    tenantPolicy(t.userId),
    checkIn("numbering_counters_series_check", t.series, numberingSeries),
    check("numbering_counters_last_value_check", sql`last_value >= 0`),
  ],
).enableRLS();
