DROP POLICY "tenant_isolation" ON "voice_sessions" CASCADE;--> statement-breakpoint
DROP TABLE "voice_sessions" CASCADE;