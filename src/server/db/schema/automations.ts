import { boolean, index, integer, jsonb, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { checkIn, timestamps, tstz } from "./columns";
import { tenantPolicy, tenantUserId } from "./tenancy";

/** Rule definitions; their shape is validated by the automation service's zod schemas. */
export type AutomationTrigger = { type: string } & Record<string, unknown>;
export type AutomationAction = { type: string } & Record<string, unknown>;

/** Automation rules, run by the job loop (owner role) when `next_run_at` is due. */
export const automations = pgTable(
  "automations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: tenantUserId(),
    name: text("name").notNull(),
    description: text("description"),
    trigger: jsonb("trigger").$type<AutomationTrigger>().notNull(),
    action: jsonb("action").$type<AutomationAction>().notNull(),
    isActive: boolean("is_active").notNull().default(true),
    /** When the rule was last turned on: it acts only on what falls due from that day (no backlog at once). */
    activeSince: tstz("active_since").notNull().defaultNow(),
    lastRunAt: tstz("last_run_at"),
    nextRunAt: tstz("next_run_at"),
    runCount: integer("run_count").notNull().default(0),
    lastError: text("last_error"),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy(t.userId),
    // The target of automation_runs' tenant reference.
    unique("automations_id_user_id_key").on(t.id, t.userId),
    index("automations_user_id_created_at_idx").on(t.userId, t.createdAt),
    index("automations_is_active_next_run_at_idx").on(t.isActive, t.nextRunAt),
  ],
).enableRLS();

export const integrationKinds = [
  "zapier",
  "google_calendar",
  "mailchimp",
  "stripe",
  "webhook",
  "ics",
] as const;
export type IntegrationKind = (typeof integrationKinds)[number];

/** Connected services. `config` may hold secrets (webhook signing secret, tokens): never send it raw to the client. */
export const integrations = pgTable(
  "integrations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: tenantUserId(),
    kind: text("kind", { enum: integrationKinds }).notNull(),
    name: text("name").notNull(),
    config: jsonb("config").$type<Record<string, unknown>>().notNull().default({}),
    isActive: boolean("is_active").notNull().default(true),
    /**
     * SHA-256 (hex) of the secret token in a URL fetched without a session (the ICS calendar feed): the
     * token itself is shown once and never stored. Looked up by the owner role, then the request continues
     * as that integration's user.
     */
    publicToken: text("public_token").unique(),
    lastUsedAt: tstz("last_used_at"),
    ...timestamps(),
  },
  (t) => [
    tenantPolicy(t.userId),
    checkIn("integrations_kind_check", t.kind, integrationKinds),
    index("integrations_user_id_created_at_idx").on(t.userId, t.createdAt),
  ],
).enableRLS();
