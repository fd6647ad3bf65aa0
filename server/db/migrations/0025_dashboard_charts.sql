CREATE TABLE "booking_days" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"slot" smallint NOT NULL,
	"bookings" bigint DEFAULT 0 NOT NULL,
	"value" numeric DEFAULT '0' NOT NULL,
	"disputed" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "booking_days_day_status_slot_pk" PRIMARY KEY("day","status","slot")
);
--> statement-breakpoint
CREATE TABLE "review_waits" (
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	CONSTRAINT "review_waits_entity_type_entity_id_pk" PRIMARY KEY("entity_type","entity_id")
);
--> statement-breakpoint
CREATE TABLE "host_backlog_days" (
	"day" date NOT NULL,
	"slot" smallint NOT NULL,
	"delta" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "host_backlog_days_day_slot_pk" PRIMARY KEY("day","slot")
);
--> statement-breakpoint
CREATE INDEX "review_waits_decided_idx" ON "review_waits" USING btree ("entity_type","decided_at","submitted_at");--> statement-breakpoint
CREATE INDEX "bookings_created_idx" ON "bookings" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "first_staff_reply_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "conversations_created_idx" ON "conversations" USING btree ("created_at","first_staff_reply_at");--> statement-breakpoint
CREATE INDEX "host_verifications_created_idx" ON "host_verifications" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_hosts_created_idx" ON "users" USING btree ("created_at","id") WHERE "users"."is_host";--> statement-breakpoint
-- The dashboard's charts (decision 028). booking_days keeps bookings per day of booking (UTC) and
-- status, with their totals' sum and the disputed ones, in the writer's slot (decision 016), so a
-- year's chart sums a few thousand rows, not half a million bookings, and stays exact: every write of
-- a booking, whoever makes it, changes it in the same transaction. A booking insert, the marketplace's
-- hottest write, still pays one statement per insert statement: the rollup joins the counters and the
-- version in the statement trigger of 0012.
CREATE OR REPLACE FUNCTION count_and_version_inserted_bookings() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  WITH version AS (
    INSERT INTO data_versions AS version (name, slot, value) VALUES ('bookings', writer_slot(), nextval('data_version_seq'))
    ON CONFLICT (name, slot) DO UPDATE SET value = nextval('data_version_seq')
  ), days AS (
    INSERT INTO booking_days AS kept (day, status, slot, bookings, value, disputed)
    SELECT (inserted_bookings.created_at AT TIME ZONE 'UTC')::date, inserted_bookings.status, writer_slot(),
           count(*), sum(inserted_bookings.total), count(*) FILTER (WHERE inserted_bookings.is_disputed)
    FROM inserted_bookings
    GROUP BY 1, 2
    ORDER BY 1, 2
    ON CONFLICT (day, status, slot) DO UPDATE
    SET bookings = kept.bookings + excluded.bookings, value = kept.value + excluded.value, disputed = kept.disputed + excluded.disputed
  )
  INSERT INTO list_counters AS counter (name, slot, value)
  SELECT entry.name, writer_slot(), count(*)
  FROM inserted_bookings
  CROSS JOIN LATERAL (VALUES ('bookings'), ('bookings:' || inserted_bookings.status)) AS entry(name)
  GROUP BY entry.name
  ORDER BY entry.name COLLATE "C"
  ON CONFLICT (name, slot) DO UPDATE SET value = counter.value + excluded.value;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An update that moves a booking's day, status, total or dispute, and a delete: minus the old row,
-- plus the new one, in the writer's slot, days in order.
CREATE FUNCTION count_booking_days() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO booking_days AS kept (day, status, slot, bookings, value, disputed)
  SELECT change.day, change.status, writer_slot(), sum(change.bookings), sum(change.value), sum(change.disputed)
  FROM (
    SELECT (OLD.created_at AT TIME ZONE 'UTC')::date, OLD.status, -1, -OLD.total, -(OLD.is_disputed::int)
    UNION ALL
    SELECT (NEW.created_at AT TIME ZONE 'UTC')::date, NEW.status, 1, NEW.total, NEW.is_disputed::int WHERE TG_OP = 'UPDATE'
  ) AS change(day, status, bookings, value, disputed)
  GROUP BY change.day, change.status
  ORDER BY change.day, change.status
  ON CONFLICT (day, status, slot) DO UPDATE
  SET bookings = kept.bookings + excluded.bookings, value = kept.value + excluded.value, disputed = kept.disputed + excluded.disputed;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Named as the counters' triggers, so a bulk load's set_list_counter_triggers turns them off and on.
CREATE TRIGGER bookings_list_counters_with_days AFTER UPDATE OF created_at, status, total, is_disputed ON bookings
FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.status IS DISTINCT FROM NEW.status
                   OR OLD.total IS DISTINCT FROM NEW.total OR OLD.is_disputed IS DISTINCT FROM NEW.is_disputed)
EXECUTE FUNCTION count_booking_days();
--> statement-breakpoint
CREATE TRIGGER bookings_list_counters_with_days_delete AFTER DELETE ON bookings
FOR EACH ROW EXECUTE FUNCTION count_booking_days();
--> statement-breakpoint
CREATE FUNCTION empty_rollup() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('DELETE FROM %I', TG_ARGV[0]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_list_counters_with_days_truncate AFTER TRUNCATE ON bookings
FOR EACH STATEMENT EXECUTE FUNCTION empty_rollup('booking_days');
--> statement-breakpoint
CREATE FUNCTION rebuild_booking_days() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM booking_days;
  INSERT INTO booking_days (day, status, slot, bookings, value, disputed)
  SELECT (created_at AT TIME ZONE 'UTC')::date, status, 0, count(*), sum(total), count(*) FILTER (WHERE is_disputed)
  FROM bookings
  GROUP BY 1, 2;
$$;
--> statement-breakpoint
-- review_waits: each listing's, property's and host's first decision in the audit trail (the trail is
-- append-only, so the first one inserted is the earliest), with when the record was submitted: the
-- property's creation, the host's verification (or, without one, the account's creation).
CREATE FUNCTION is_review_decision(action text) RETURNS boolean
LANGUAGE sql IMMUTABLE AS $$
  SELECT action IN ('listing.approve', 'listing.decline', 'property.approve', 'property.decline', 'host.approve')
$$;
--> statement-breakpoint
CREATE FUNCTION review_submitted_at(entity_type text, entity_id integer) RETURNS timestamptz
LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN entity_type = 'host'
    THEN COALESCE((SELECT created_at FROM host_verifications WHERE user_id = entity_id), (SELECT created_at FROM users WHERE id = entity_id))
    ELSE (SELECT created_at FROM properties WHERE id = entity_id) END
$$;
--> statement-breakpoint
CREATE FUNCTION record_first_decisions() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO review_waits (entity_type, entity_id, submitted_at, decided_at)
  SELECT first.entity_type, first.entity_id, first.submitted_at, first.created_at
  FROM (
    SELECT DISTINCT ON (decision.entity_type, decision.entity_id)
           decision.entity_type, decision.entity_id, decision.created_at,
           review_submitted_at(decision.entity_type, decision.entity_id) AS submitted_at
    FROM inserted_audit_events AS decision
    WHERE is_review_decision(decision.action)
    ORDER BY decision.entity_type, decision.entity_id, decision.created_at, decision.id
  ) AS first
  WHERE first.submitted_at IS NOT NULL
  ON CONFLICT (entity_type, entity_id) DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_list_counters_with_waits AFTER INSERT ON audit_events
REFERENCING NEW TABLE AS inserted_audit_events
FOR EACH STATEMENT EXECUTE FUNCTION record_first_decisions();
--> statement-breakpoint
CREATE TRIGGER audit_events_list_counters_with_waits_truncate AFTER TRUNCATE ON audit_events
FOR EACH STATEMENT EXECUTE FUNCTION empty_rollup('review_waits');
--> statement-breakpoint
-- A deleted property takes its listing's and its own first decisions with it, as the trail's entries
-- no longer have a record to measure from.
CREATE FUNCTION forget_property_waits() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM review_waits WHERE entity_type IN ('listing', 'property') AND entity_id = OLD.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER properties_list_counters_with_waits AFTER DELETE ON properties
FOR EACH ROW EXECUTE FUNCTION forget_property_waits();--> statement-breakpoint
-- Versioned like the listed tables (0007, 0009): the decision chart's answers are cached under it.
CREATE TRIGGER review_waits_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON review_waits
FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();--> statement-breakpoint
CREATE FUNCTION rebuild_review_waits() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM review_waits;
  INSERT INTO review_waits (entity_type, entity_id, submitted_at, decided_at)
  SELECT DISTINCT ON (decision.entity_type, decision.entity_id)
         decision.entity_type, decision.entity_id, property.created_at, decision.created_at
  FROM audit_events AS decision
  JOIN properties AS property ON property.id = decision.entity_id
  WHERE decision.entity_type IN ('listing', 'property') AND is_review_decision(decision.action)
  ORDER BY decision.entity_type, decision.entity_id, decision.created_at, decision.id;
  INSERT INTO review_waits (entity_type, entity_id, submitted_at, decided_at)
  SELECT DISTINCT ON (decision.entity_id)
         decision.entity_type, decision.entity_id, COALESCE(verification.created_at, host.created_at), decision.created_at
  FROM audit_events AS decision
  JOIN users AS host ON host.id = decision.entity_id
  LEFT JOIN host_verifications AS verification ON verification.user_id = decision.entity_id
  WHERE decision.entity_type = 'host' AND is_review_decision(decision.action)
  ORDER BY decision.entity_id, decision.created_at, decision.id;
$$;
--> statement-breakpoint
-- conversations.first_staff_reply_at: the first staff message's time, so the chat chart's median wait
-- reads one index instead of looking up each conversation's messages. Messages are never edited or
-- deleted one by one (a conversation's go with it), so inserts are all that move it.
CREATE FUNCTION note_first_staff_reply() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE conversations SET first_staff_reply_at = NEW.created_at
  WHERE id = NEW.conversation_id AND (first_staff_reply_at IS NULL OR first_staff_reply_at > NEW.created_at);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER messages_list_counters_with_replies AFTER INSERT ON messages
FOR EACH ROW WHEN (NEW.is_from_admin) EXECUTE FUNCTION note_first_staff_reply();
--> statement-breakpoint
CREATE FUNCTION rebuild_first_staff_replies() RETURNS void
LANGUAGE sql AS $$
  UPDATE conversations SET first_staff_reply_at = reply.first_at
  FROM (
    SELECT conversation.id, (SELECT min(message.created_at) FROM messages AS message WHERE message.conversation_id = conversation.id AND message.is_from_admin) AS first_at
    FROM conversations AS conversation
  ) AS reply
  WHERE reply.id = conversations.id AND conversations.first_staff_reply_at IS DISTINCT FROM reply.first_at;
$$;
--> statement-breakpoint
-- host_backlog_days: the verification backlog's changes per day, so the host chart sums a few hundred
-- rows instead of joining every verification to its host's first decision on each load. A
-- verification adds 1 on the day it was submitted; the host's first decision takes 1 away on its day
-- (or the verification's, when the decision came first). Both sides write the writer's slot.
CREATE FUNCTION add_to_host_backlog(days date[], deltas bigint[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO host_backlog_days AS kept (day, slot, delta)
  SELECT change.day, writer_slot(), sum(change.delta)
  FROM unnest(days, deltas) AS change(day, delta)
  GROUP BY change.day
  ORDER BY change.day
  ON CONFLICT (day, slot) DO UPDATE SET delta = kept.delta + excluded.delta;
$$;
--> statement-breakpoint
CREATE FUNCTION count_host_backlog() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  days date[] := '{}';
  deltas bigint[] := '{}';
  decided timestamptz;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    SELECT decided_at INTO decided FROM review_waits WHERE entity_type = 'host' AND entity_id = OLD.user_id;
    days := days || (OLD.created_at AT TIME ZONE 'UTC')::date;
    deltas := deltas || -1::bigint;
    IF decided IS NOT NULL THEN
      days := days || (greatest(decided, OLD.created_at) AT TIME ZONE 'UTC')::date;
      deltas := deltas || 1::bigint;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT decided_at INTO decided FROM review_waits WHERE entity_type = 'host' AND entity_id = NEW.user_id;
    days := days || (NEW.created_at AT TIME ZONE 'UTC')::date;
    deltas := deltas || 1::bigint;
    IF decided IS NOT NULL THEN
      days := days || (greatest(decided, NEW.created_at) AT TIME ZONE 'UTC')::date;
      deltas := deltas || -1::bigint;
    END IF;
  END IF;
  PERFORM add_to_host_backlog(days, deltas);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER host_verifications_list_counters_backlog AFTER INSERT OR DELETE OR UPDATE OF created_at, user_id ON host_verifications
FOR EACH ROW EXECUTE FUNCTION count_host_backlog();
--> statement-breakpoint
CREATE FUNCTION count_decided_hosts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_to_host_backlog(array_agg((greatest(decision.decided_at, verification.created_at) AT TIME ZONE 'UTC')::date), array_agg(-1::bigint))
  FROM recorded_waits AS decision
  JOIN host_verifications AS verification ON verification.user_id = decision.entity_id
  WHERE decision.entity_type = 'host'
  HAVING count(*) > 0;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER review_waits_list_counters_backlog AFTER INSERT ON review_waits
REFERENCING NEW TABLE AS recorded_waits
FOR EACH STATEMENT EXECUTE FUNCTION count_decided_hosts();
--> statement-breakpoint
CREATE FUNCTION rebuild_host_backlog_days() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM host_backlog_days;
  INSERT INTO host_backlog_days (day, slot, delta)
  SELECT change.day, 0, sum(change.delta)
  FROM (
    SELECT (verification.created_at AT TIME ZONE 'UTC')::date, 1 FROM host_verifications AS verification
    UNION ALL
    SELECT (greatest(wait.decided_at, verification.created_at) AT TIME ZONE 'UTC')::date, -1
    FROM review_waits AS wait JOIN host_verifications AS verification ON verification.user_id = wait.entity_id
    WHERE wait.entity_type = 'host'
  ) AS change(day, delta)
  GROUP BY change.day;
$$;
--> statement-breakpoint
-- A bulk load recounts the dashboard's rollups with the counters (the triggers above were off).
CREATE OR REPLACE FUNCTION rebuild_list_counters() RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  counted record;
BEGIN
  DELETE FROM list_counters;
  INSERT INTO list_counters (name, value)
  SELECT 'hosts', count(*) FROM users WHERE is_host
  UNION ALL SELECT 'hosts:' || status_host, count(*) FROM users WHERE is_host GROUP BY status_host
  UNION ALL SELECT 'bookings', count(*) FROM bookings
  UNION ALL SELECT 'bookings:' || status, count(*) FROM bookings GROUP BY status
  UNION ALL SELECT 'listings', count(*) FROM properties
  UNION ALL SELECT 'listings:' || listing_status, count(*) FROM properties GROUP BY listing_status
  UNION ALL SELECT 'property-approvals', count(*) FROM properties
  UNION ALL SELECT 'property-approvals:' || approval_status, count(*) FROM properties GROUP BY approval_status
  UNION ALL SELECT 'feedbacks', count(*) FROM feedbacks
  UNION ALL SELECT 'feedback-ratings', COALESCE(sum(rating), 0) FROM feedbacks
  UNION ALL SELECT 'activity', count(*) FROM audit_events
  UNION ALL SELECT activity_counter(entity_type, administrator_id, action), count(*) FROM audit_events
    GROUP BY entity_type, administrator_id, action;
  FOR counted IN SELECT name FROM counted_lists ORDER BY name LOOP
    PERFORM recount_list_rows(counted.name);
  END LOOP;
  PERFORM rebuild_booking_days();
  PERFORM rebuild_review_waits();
  PERFORM rebuild_host_backlog_days();
  PERFORM rebuild_first_staff_replies();
END
$$;
--> statement-breakpoint
-- Nothing may write the bookings or the trail while the rollups are first counted (the migration's transaction).
LOCK TABLE bookings, audit_events, messages, host_verifications IN SHARE MODE;
--> statement-breakpoint
SELECT rebuild_booking_days();
--> statement-breakpoint
SELECT rebuild_review_waits();
--> statement-breakpoint
SELECT rebuild_host_backlog_days();
--> statement-breakpoint
SELECT rebuild_first_staff_replies();
