CREATE TABLE "case_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"deadline_hours" integer DEFAULT 24 NOT NULL,
	CONSTRAINT "case_settings_one_row" CHECK ("case_settings"."id"),
	CONSTRAINT "case_settings_hours_check" CHECK ("case_settings"."deadline_hours" BETWEEN 1 AND 720)
);
--> statement-breakpoint
CREATE TABLE "cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"source_id" integer NOT NULL,
	"queue" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"owner_id" integer,
	"opened_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"first_action_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"resolution" text,
	"reason" text,
	CONSTRAINT "cases_source_check" CHECK ("cases"."source" IN ('feedback', 'booking')),
	CONSTRAINT "cases_queue_check" CHECK (("cases"."source" = 'feedback' AND "cases"."queue" = 'low-rating') OR ("cases"."source" = 'booking' AND "cases"."queue" = 'flagged-booking')),
	CONSTRAINT "cases_status_check" CHECK ("cases"."status" IN ('open', 'closed')),
	CONSTRAINT "cases_closed_check" CHECK ("cases"."status" = 'open' OR ("cases"."closed_at" IS NOT NULL AND "cases"."resolution" IS NOT NULL AND length(btrim("cases"."resolution")) > 0 AND length("cases"."resolution") <= 2000)),
	CONSTRAINT "cases_reason_check" CHECK ("cases"."reason" IS NULL OR length("cases"."reason") <= 500)
);
--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_owner_id_administrators_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."administrators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cases" ADD CONSTRAINT "cases_closed_by_administrators_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."administrators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cases_open_source_key" ON "cases" USING btree ("source","source_id") WHERE "cases"."status" = 'open';--> statement-breakpoint
CREATE INDEX "cases_open_due_idx" ON "cases" USING btree ("due_at","id") WHERE "cases"."status" = 'open';--> statement-breakpoint
CREATE INDEX "cases_owner_idx" ON "cases" USING btree ("owner_id","due_at") WHERE "cases"."status" = 'open';--> statement-breakpoint
CREATE INDEX "cases_closed_idx" ON "cases" USING btree ("closed_at","id") WHERE "cases"."status" = 'closed';