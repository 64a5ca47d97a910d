ALTER TABLE "invoices" DROP CONSTRAINT "invoices_vat_exemption_check";--> statement-breakpoint
ALTER TABLE "micro_settings" DROP CONSTRAINT "micro_settings_activity_check";--> statement-breakpoint
ALTER TABLE "business_identities" ADD COLUMN "vat_franchise_ended_on" date;--> statement-breakpoint
ALTER TABLE "business_identities" ADD COLUMN "vat_franchise_end_reason" text;--> statement-breakpoint
ALTER TABLE "business_identities" ADD COLUMN "vat_franchise_emailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_vat_exemption_check" CHECK ("vat_exemption" in ('autoliquidation', 'livraison-intracommunautaire', 'exportation', 'prestation-hors-ue', 'debours', 'formation-professionnelle', 'soins-medicaux'));--> statement-breakpoint
ALTER TABLE "micro_settings" ADD CONSTRAINT "micro_settings_activity_check" CHECK ("activity" in ('vente', 'services-bic', 'services-artisanales', 'bnc-ssi', 'bnc-cipav'));--> statement-breakpoint
ALTER TABLE "business_identities" ADD CONSTRAINT "business_identities_vat_franchise_end_reason_check" CHECK ("vat_franchise_end_reason" in ('seuil-majore', 'seuil-base'));