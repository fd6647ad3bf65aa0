CREATE TABLE "live_presence" (
	"resource" text NOT NULL,
	"record_id" integer NOT NULL,
	"administrator_id" integer NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_presence_resource_record_id_administrator_id_pk" PRIMARY KEY("resource","record_id","administrator_id")
);
--> statement-breakpoint
ALTER TABLE "live_presence" ADD CONSTRAINT "live_presence_administrator_id_administrators_id_fk" FOREIGN KEY ("administrator_id") REFERENCES "public"."administrators"("id") ON DELETE cascade ON UPDATE no action;