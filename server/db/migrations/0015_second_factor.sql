-- Second factor for staff (docs/decisions/020-second-factor.md): TOTP secrets and their last accepted step,
-- single-use recovery codes (salted SHA-256), the pending second step of a sign-in, per-role requirement,
-- and a credentials epoch that voids sessions and device cookies granted before a reset.
CREATE TABLE "admin_login_challenges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"administrator_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"credentials_epoch" integer NOT NULL,
	"failed_codes" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "admin_recovery_codes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"administrator_id" integer NOT NULL,
	"salt" text NOT NULL,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_role_policies" (
	"role" text PRIMARY KEY NOT NULL,
	"second_factor_required" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_role_policies_role_check" CHECK (role IN ('administrator', 'moderator', 'support', 'viewer'))
);
--> statement-breakpoint
ALTER TABLE "admin_devices" ADD COLUMN "credentials_epoch" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "administrators" ADD COLUMN "credentials_epoch" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "administrators" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "administrators" ADD COLUMN "totp_last_step" bigint;--> statement-breakpoint
ALTER TABLE "administrators" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "administrators" ADD COLUMN "totp_pending_id" text;--> statement-breakpoint
ALTER TABLE "administrators" ADD COLUMN "totp_pending_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_login_challenges" ADD CONSTRAINT "admin_login_challenges_administrator_id_administrators_id_fk" FOREIGN KEY ("administrator_id") REFERENCES "public"."administrators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_recovery_codes" ADD CONSTRAINT "admin_recovery_codes_administrator_id_administrators_id_fk" FOREIGN KEY ("administrator_id") REFERENCES "public"."administrators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_login_challenges_token_hash_key" ON "admin_login_challenges" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "admin_login_challenges_administrator_idx" ON "admin_login_challenges" USING btree ("administrator_id");--> statement-breakpoint
CREATE INDEX "admin_recovery_codes_administrator_idx" ON "admin_recovery_codes" USING btree ("administrator_id");