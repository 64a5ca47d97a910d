import { index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { tenantPolicy, tenantUserId } from "./tenancy";

/** Assistant runs (spec: task_type, input_prompt, output_result, metadata); also the source of per-user quotas. */
export const aiTaskExecutions = pgTable(
  "ai_task_executions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: tenantUserId(),
    taskType: text("task_type").notNull(),
    inputPrompt: text("input_prompt"),
    outputResult: text("output_result"),
    /** conversationId, timestamp, service… */
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    /** 'openai', 'openrouter', 'local'… */
    provider: text("provider"),
    model: text("model"),
    tokensUsed: integer("tokens_used").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    tenantPolicy(t.userId),
    index("ai_task_executions_user_id_created_at_idx").on(t.userId, t.createdAt),
  ],
).enableRLS();
