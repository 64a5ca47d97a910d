DROP INDEX "invoices_user_id_created_at_idx";--> statement-breakpoint
CREATE INDEX "invoices_user_id_created_at_id_idx" ON "invoices" USING btree ("user_id","created_at","id");