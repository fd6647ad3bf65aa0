-- Download tickets of CSV exports (docs/decisions/022-exports-stream-through-download-tickets.md): the
-- SHA-256 of a random ticket, its session and member, the list path and query it names, good once until it expires.
CREATE TABLE "export_tickets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"ticket_hash" text NOT NULL,
	"administrator_id" integer NOT NULL,
	"session_id" bigint NOT NULL,
	"path" text NOT NULL,
	"query" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "export_tickets" ADD CONSTRAINT "export_tickets_administrator_id_administrators_id_fk" FOREIGN KEY ("administrator_id") REFERENCES "public"."administrators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "export_tickets" ADD CONSTRAINT "export_tickets_session_id_admin_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."admin_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "export_tickets_ticket_hash_key" ON "export_tickets" USING btree ("ticket_hash");--> statement-breakpoint
CREATE INDEX "export_tickets_expires_at_idx" ON "export_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "export_tickets_administrator_idx" ON "export_tickets" USING btree ("administrator_id");--> statement-breakpoint
CREATE INDEX "export_tickets_session_idx" ON "export_tickets" USING btree ("session_id");