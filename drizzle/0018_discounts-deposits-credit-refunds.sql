ALTER TABLE "payments" DROP CONSTRAINT "payments_amount_cents_check";--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "discount_kind" text;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD COLUMN "discount_value" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "discount_kind" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "discount_value" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "is_deposit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "final_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "deposits_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "credited_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_items" ADD COLUMN "discount_kind" text;--> statement-breakpoint
ALTER TABLE "quote_items" ADD COLUMN "discount_value" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "discount_kind" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "discount_value" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_final_invoice_fk" FOREIGN KEY ("final_invoice_id","user_id") REFERENCES "public"."invoices"("id","user_id") ON DELETE set null (final_invoice_id) ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_final_invoice_id_idx" ON "invoices" USING btree ("final_invoice_id") WHERE "final_invoice_id" is not null;--> statement-breakpoint
ALTER TABLE "invoice_items" ADD CONSTRAINT "invoice_items_discount_check" CHECK (discount_kind is null or (discount_kind = 'percent' and discount_value between 0 and 10000) or discount_kind = 'amount');--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_discount_check" CHECK (discount_kind is null or (discount_kind = 'percent' and discount_value between 0 and 10000) or discount_kind = 'amount');--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_final_invoice_only_on_deposit_check" CHECK (final_invoice_id is null or is_deposit);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_cents_check" CHECK (amount_cents <> 0);--> statement-breakpoint
ALTER TABLE "quote_items" ADD CONSTRAINT "quote_items_discount_check" CHECK (discount_kind is null or (discount_kind = 'percent' and discount_value between 0 and 10000) or discount_kind = 'amount');--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_discount_check" CHECK (discount_kind is null or (discount_kind = 'percent' and discount_value between 0 and 10000) or discount_kind = 'amount');