CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text NOT NULL,
	"requested_by" integer,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	"failure_reason" text,
	CONSTRAINT "refunds_idempotency_key_key" UNIQUE("idempotency_key"),
	CONSTRAINT "refunds_amount_minor_check" CHECK (amount_minor > 0),
	CONSTRAINT "refunds_status_check" CHECK (status IN ('requested', 'succeeded', 'failed')),
	CONSTRAINT "refunds_reason_length" CHECK (char_length(reason) <= 500)
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_administrators_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."administrators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_booking_idx" ON "refunds" USING btree ("booking_id","id");--> statement-breakpoint
-- Decision 043: what a booking's refunds take (requested and succeeded; a failed one gives its amount
-- back) never exceeds what its guest paid, whoever writes the row, the service or anyone with SQL. The
-- booking's row is locked first, so two writers of one booking's refunds check one after the other and
-- the second sees the first's row (each statement of a plpgsql function reads after the lock). Paid is
-- the booking's total in cents, exactly (numeric(12, 2) times 100), when its status says it was paid.
CREATE FUNCTION refunds_within_paid() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  paid_minor bigint;
  refunded_minor bigint;
BEGIN
  IF NEW.status = 'failed' THEN
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
  WHERE refund.booking_id = NEW.booking_id AND refund.status <> 'failed' AND refund.id <> NEW.id;
  IF refunded_minor + NEW.amount_minor > paid_minor THEN
    RAISE EXCEPTION 'refunds of booking % would reach % cents, more than the % paid', NEW.booking_id, refunded_minor + NEW.amount_minor, paid_minor
      USING ERRCODE = 'check_violation', CONSTRAINT = 'refunds_within_paid';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER refunds_within_paid BEFORE INSERT OR UPDATE ON refunds
FOR EACH ROW EXECUTE FUNCTION refunds_within_paid();
--> statement-breakpoint
-- The live stream (decision 026): a refund asked for or answered is a change of `refunds` named by its
-- booking's id, so the booking's open panel reads its refunds again.
CREATE FUNCTION record_refund_live_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO live_changes (resource, action, row_id)
  VALUES ('refunds', CASE TG_OP WHEN 'INSERT' THEN 'created' ELSE 'updated' END, NEW.booking_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER refunds_live_changes AFTER INSERT OR UPDATE ON refunds
FOR EACH ROW EXECUTE FUNCTION record_refund_live_change();
