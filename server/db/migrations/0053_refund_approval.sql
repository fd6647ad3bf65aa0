ALTER TABLE "refunds" DROP CONSTRAINT "refunds_status_check";--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reviewed_by" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "rejection_reason" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reviewed_by_administrators_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."administrators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_reviewer_not_requester" CHECK (reviewed_by <> requested_by);--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_rejection_reason_length" CHECK (char_length(rejection_reason) <= 500);--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_rejected_reviewed" CHECK (status <> 'rejected' OR (reviewed_at IS NOT NULL AND rejection_reason IS NOT NULL));--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_status_check" CHECK (status IN ('awaiting-approval', 'requested', 'succeeded', 'failed', 'rejected'));--> statement-breakpoint
-- Decision 047: what a booking's refunds take now includes those awaiting a second member's approval;
-- a failed or a rejected refund gives its amount back. Otherwise as migration 0047 (decision 043).
CREATE OR REPLACE FUNCTION refunds_within_paid() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  paid_minor bigint;
  refunded_minor bigint;
BEGIN
  IF NEW.status IN ('failed', 'rejected') THEN
    RETURN NEW;
  END IF;
  SELECT CASE WHEN booking.status IN ('confirmed', 'completed', 'cancelled') THEN (booking.total * 100)::bigint ELSE 0 END
  INTO paid_minor
  FROM bookings AS booking WHERE booking.id = NEW.booking_id
  FOR UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'refund of booking %: no such booking', NEW.booking_id USING ERRCODE = 'foreign_key_violation';
  END IF;
  SELECT COALESCE(sum(refund.amount_minor), 0) INTO refunded_minor
  FROM refunds AS refund
  WHERE refund.booking_id = NEW.booking_id AND refund.status NOT IN ('failed', 'rejected') AND refund.id <> NEW.id;
  IF refunded_minor + NEW.amount_minor > paid_minor THEN
    RAISE EXCEPTION 'refunds of booking % would reach % cents, more than the % paid', NEW.booking_id, refunded_minor + NEW.amount_minor, paid_minor
      USING ERRCODE = 'check_violation', CONSTRAINT = 'refunds_within_paid';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
-- Decision 047: a refund awaiting approval leaves that state only for requested or rejected, and only
-- with the second member and the time recorded; no refund goes back to awaiting approval.
CREATE FUNCTION refunds_approval_path() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'awaiting-approval' AND NEW.status <> 'awaiting-approval'
     AND (NEW.status NOT IN ('requested', 'rejected') OR NEW.reviewed_by IS NULL OR NEW.reviewed_at IS NULL) THEN
    RAISE EXCEPTION 'refund %: awaiting approval, it becomes requested or rejected by a second member', OLD.id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'refunds_approval_path';
  END IF;
  IF NEW.status = 'awaiting-approval' AND OLD.status <> 'awaiting-approval' THEN
    RAISE EXCEPTION 'refund %: % cannot go back to awaiting approval', OLD.id, OLD.status
      USING ERRCODE = 'check_violation', CONSTRAINT = 'refunds_approval_path';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER refunds_approval_path BEFORE UPDATE ON refunds
FOR EACH ROW EXECUTE FUNCTION refunds_approval_path();
