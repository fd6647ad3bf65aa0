-- A session's step-up (docs/decisions/039-step-up.md): when its member last gave their password or a
-- second factor again, and which; the calls that can take an account ask for one within 5 minutes.
ALTER TABLE "admin_sessions" ADD COLUMN "stepped_up_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD COLUMN "stepped_up_with" text;
