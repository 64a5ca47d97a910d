ALTER TABLE "expenses" ADD COLUMN "supplier_document_kind" text;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "cited_invoice_number" text;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "related_expense_id" uuid;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "vat_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "currency" text DEFAULT 'EUR' NOT NULL;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "original_amount_cents" integer;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "exchange_rate" text;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_related_expense_fk" FOREIGN KEY ("related_expense_id","user_id") REFERENCES "public"."expenses"("id","user_id") ON DELETE set null (related_expense_id) ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expenses_related_expense_id_idx" ON "expenses" USING btree ("related_expense_id") WHERE "related_expense_id" is not null;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_supplier_document_kind_check" CHECK ("supplier_document_kind" in ('invoice', 'deposit', 'credit_note'));--> statement-breakpoint
-- Imports made before this migration were all invoices (credit notes were refused): their kind is known.
UPDATE "expenses" SET "supplier_document_kind" = 'invoice' WHERE "supplier_invoice_number" IS NOT NULL;
