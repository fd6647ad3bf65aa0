CREATE TABLE "record_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_kind" text NOT NULL,
	"record_id" integer NOT NULL,
	"author_id" integer,
	"body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"edited_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "record_notes" ADD CONSTRAINT "record_notes_author_id_administrators_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."administrators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_notes_record_idx" ON "record_notes" USING btree ("record_kind","record_id","created_at");--> statement-breakpoint
-- A record's notes on the live stream (decision 026): `notes:<kind>` named by the record's id, so the
-- screens that show the record read its notes again; the live service sends it to the list's readers.
CREATE FUNCTION record_notes_live_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  INSERT INTO live_changes (resource, action, row_id)
  VALUES ('notes:' || changed.record_kind, CASE TG_OP WHEN 'INSERT' THEN 'created' WHEN 'UPDATE' THEN 'updated' ELSE 'deleted' END, changed.record_id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER record_notes_live_changes AFTER INSERT OR UPDATE OR DELETE ON record_notes
FOR EACH ROW EXECUTE FUNCTION record_notes_live_change();
