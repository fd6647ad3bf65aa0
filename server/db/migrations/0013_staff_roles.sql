-- Staff roles (docs/decisions/018-staff-roles.md): every account has a role, existing ones become
-- administrators; a disabled account keeps its row (its audit entries still name it) with disabled_at
-- set. Back-office chat messages name the staff member who sent them; Activity filters by staff member.
ALTER TABLE "administrators" ADD COLUMN "role" text DEFAULT 'administrator' NOT NULL;
--> statement-breakpoint
ALTER TABLE "administrators" ADD COLUMN "disabled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "administrator_id" integer;
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_administrator_id_administrators_id_fk" FOREIGN KEY ("administrator_id") REFERENCES "public"."administrators"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "audit_events_administrator_idx" ON "audit_events" USING btree ("administrator_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
--> statement-breakpoint
ALTER TABLE "administrators" ADD CONSTRAINT "administrators_role_check" CHECK (role IN ('administrator', 'moderator', 'support', 'viewer'));
