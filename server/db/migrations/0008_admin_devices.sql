CREATE TABLE "admin_devices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"administrator_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_devices" ADD CONSTRAINT "admin_devices_administrator_id_administrators_id_fk" FOREIGN KEY ("administrator_id") REFERENCES "public"."administrators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_devices_token_hash_key" ON "admin_devices" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "admin_devices_administrator_idx" ON "admin_devices" USING btree ("administrator_id");