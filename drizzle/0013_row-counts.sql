CREATE TABLE "row_counts" (
	"user_id" text NOT NULL,
	"table_name" text NOT NULL,
	"row_count" integer NOT NULL,
	CONSTRAINT "row_counts_user_id_table_name_pk" PRIMARY KEY("user_id","table_name")
);
--> statement-breakpoint
ALTER TABLE "row_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "row_counts" ADD CONSTRAINT "row_counts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "row_counts" AS PERMISSIVE FOR ALL TO "app_user" USING ("user_id" = nullif(current_setting('app.user_id', true), '')) WITH CHECK ("user_id" = nullif(current_setting('app.user_id', true), ''));--> statement-breakpoint
-- Custom SQL (issue 15, decision 014): the triggers that keep row_counts, then the counts of existing rows.
-- Statement-level with transition tables, so a bulk insert updates a user's count once. They run as the
-- caller: under app_user, row-level security admits only the tenant's own count, as for the rows counted.
-- A DELETE only updates (a user's deletion cascades to both tables in any order); TRUNCATE clears the counts.
CREATE FUNCTION "row_counts_maintain"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "row_counts" ("user_id", "table_name", "row_count")
      SELECT "user_id", TG_TABLE_NAME, count(*) FROM "new_rows" GROUP BY "user_id"
      ON CONFLICT ("user_id", "table_name") DO UPDATE SET "row_count" = "row_counts"."row_count" + excluded."row_count";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "row_counts" AS c SET "row_count" = c."row_count" - d.n
      FROM (SELECT "user_id", count(*) AS n FROM "old_rows" GROUP BY "user_id") AS d
      WHERE c."user_id" = d."user_id" AND c."table_name" = TG_TABLE_NAME;
  ELSE
    DELETE FROM "row_counts" WHERE "table_name" = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "invoices_row_count_insert" AFTER INSERT ON "invoices" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_maintain"();
--> statement-breakpoint
CREATE TRIGGER "invoices_row_count_delete" AFTER DELETE ON "invoices" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_maintain"();
--> statement-breakpoint
CREATE TRIGGER "invoices_row_count_truncate" AFTER TRUNCATE ON "invoices"
  FOR EACH STATEMENT EXECUTE FUNCTION "row_counts_maintain"();
--> statement-breakpoint
INSERT INTO "row_counts" ("user_id", "table_name", "row_count")
  SELECT "user_id", 'invoices', count(*) FROM "invoices" GROUP BY "user_id";
