ALTER TABLE "einvoice_inbox" ADD COLUMN "status" text DEFAULT 'mise_a_disposition' NOT NULL;--> statement-breakpoint
ALTER TABLE "einvoice_inbox" ADD COLUMN "supplier_name" text;--> statement-breakpoint
ALTER TABLE "einvoice_inbox" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "einvoice_inbox" ADD COLUMN "issue_date" date;--> statement-breakpoint
ALTER TABLE "einvoice_inbox" ADD COLUMN "gross_cents" integer;--> statement-breakpoint
ALTER TABLE "einvoice_inbox" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "einvoice_inbox" ADD COLUMN "reason" text;--> statement-breakpoint
ALTER TABLE "einvoice_inbox" ADD COLUMN "expense_id" uuid;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_id_user_id_key" UNIQUE("id","user_id");--> statement-breakpoint
ALTER TABLE "einvoice_inbox" ADD CONSTRAINT "einvoice_inbox_expense_fk" FOREIGN KEY ("expense_id","user_id") REFERENCES "public"."expenses"("id","user_id") ON DELETE set null (expense_id) ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "einvoice_inbox_expense_id_idx" ON "einvoice_inbox" USING btree ("expense_id") WHERE "expense_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "einvoice_inbox_flow_key" ON "einvoice_inbox" USING btree ("user_id","platform","flow_id");--> statement-breakpoint
ALTER TABLE "einvoice_inbox" ADD CONSTRAINT "einvoice_inbox_status_check" CHECK ("status" in ('mise_a_disposition', 'approuvee', 'refusee'));--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_payment_method_check" CHECK ("payment_method" in ('virement', 'carte', 'cheque', 'especes', 'stripe', 'autre'));