ALTER TABLE "einvoice_inbox" ADD COLUMN "answer_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "einvoice_inbox" ADD COLUMN "answer_retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "einvoice_inbox" ADD COLUMN "answer_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "einvoice_inbox" ADD COLUMN "answer_error" text;--> statement-breakpoint
ALTER TABLE "micro_settings" ADD COLUMN "reminder_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "micro_settings" ADD COLUMN "reminder_retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "micro_settings" ADD COLUMN "reminder_error" text;--> statement-breakpoint
CREATE INDEX "einvoice_inbox_answer_retry_at_idx" ON "einvoice_inbox" USING btree ("answer_retry_at");