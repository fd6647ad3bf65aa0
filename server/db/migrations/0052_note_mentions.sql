CREATE TABLE "note_mentions" (
	"id" serial PRIMARY KEY NOT NULL,
	"note_id" integer NOT NULL,
	"administrator_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "note_mentions" ADD CONSTRAINT "note_mentions_note_id_record_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."record_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "note_mentions" ADD CONSTRAINT "note_mentions_administrator_id_administrators_id_fk" FOREIGN KEY ("administrator_id") REFERENCES "public"."administrators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "note_mentions_member_idx" ON "note_mentions" USING btree ("administrator_id","created_at");--> statement-breakpoint
-- A mention tells its member live (decision 026): `mentions` named by the member, whose streams alone
-- receive it (server/modules/live/live.service.ts); their screen then reads GET /api/admin/notes/mentions.
CREATE FUNCTION note_mentions_live_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO live_changes (resource, action, row_id) VALUES ('mentions', 'created', NEW.administrator_id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER note_mentions_live_changes AFTER INSERT ON note_mentions
FOR EACH ROW EXECUTE FUNCTION note_mentions_live_change();
