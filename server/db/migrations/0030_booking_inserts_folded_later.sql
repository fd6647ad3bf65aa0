CREATE TABLE "booking_fold" (
	"is_only" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"xid" "xid8" NOT NULL,
	"id" bigint NOT NULL,
	CONSTRAINT "booking_fold_one_row" CHECK (is_only)
);
--> statement-breakpoint
ALTER TABLE "live_changes" ADD COLUMN "status" text;--> statement-breakpoint
ALTER TABLE "live_changes" ADD COLUMN "day" date;--> statement-breakpoint
ALTER TABLE "live_changes" ADD COLUMN "total" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "live_changes" ADD COLUMN "disputed" boolean;--> statement-breakpoint
-- Decision 033: a booking insert's bookkeeping is one row a booking in live_changes, which the live
-- stream reads anyway, with what the counters, the daily rollup and the version need. The server folds
-- those rows into list_counters, booking_days and data_versions a moment later (fold_booking_inserts),
-- and the *_now views add the rows not folded yet, so every reader stays exact. The insert no longer
-- updates the same counter, rollup and version rows as every other writer: 16 pgbench writers on two
-- cores inserted at 0.64 to 0.76 of their trigger-free rate with those updates, and 0.81 to 0.95 without.
-- (docs/benchmarks.md, 29 November 2026, third session)
-- Updates and deletes keep their row triggers: they count against what the insert recorded, so a
-- booking changed before its insert is folded is still counted once, with its status now.
INSERT INTO booking_fold (xid, id) VALUES ('0', 0);
--> statement-breakpoint
ANALYZE booking_fold;
--> statement-breakpoint
CREATE FUNCTION record_inserted_bookings() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO live_changes (resource, action, row_id, status, day, total, disputed)
  SELECT 'bookings', 'created', inserted.id, inserted.status, (inserted.created_at AT TIME ZONE 'UTC')::date, inserted.total, inserted.is_disputed
  FROM inserted_bookings AS inserted;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Named as the counters' triggers, so a bulk load's set_list_counter_triggers turns it off and on.
CREATE OR REPLACE TRIGGER bookings_list_counters_insert AFTER INSERT ON bookings
REFERENCING NEW TABLE AS inserted_bookings
FOR EACH STATEMENT EXECUTE FUNCTION record_inserted_bookings();
--> statement-breakpoint
DROP FUNCTION count_and_version_inserted_bookings();
--> statement-breakpoint
-- The created bookings not folded yet. A change written before this migration has no status and was
-- counted by the trigger of its time. They are the end of live_changes' key, a few dozen rows read
-- from the index; but the planner cannot see where the fold stands, guesses a third of the table and
-- reads all of it (30,000 changes: 1.5 to 6 ms a read), hence the settings; with them a prepared read
-- of list_counters_now takes 0.10 ms against 0.05 ms for list_counters alone (50 rows unfolded).
CREATE FUNCTION unfolded_booking_inserts() RETURNS TABLE (status text, day date, total numeric, disputed boolean)
LANGUAGE sql STABLE SET enable_seqscan = off SET enable_bitmapscan = off SET jit = off AS $$
  SELECT change.status, change.day, change.total, change.disputed
  FROM live_changes AS change
  WHERE (change.xid, change.id) > (SELECT fold.xid, fold.id FROM booking_fold AS fold)
    AND change.resource = 'bookings' AND change.action = 'created' AND change.status IS NOT NULL
$$;
--> statement-breakpoint
-- One row a slot or an unfolded booking; a reader sums by name, as it sums the slots.
CREATE VIEW list_counters_now AS
SELECT name, value FROM list_counters
UNION ALL
SELECT entry.name, 1::bigint
FROM unfolded_booking_inserts() AS inserted
CROSS JOIN LATERAL (VALUES ('bookings'), ('bookings:' || inserted.status)) AS entry(name);
--> statement-breakpoint
-- A table's version is the sum of its rows here. A fold moves its bookings from the last branch to
-- data_versions' slot -1, so the sum stays; an insert adds one, and any other write gives a slot a
-- larger value from the sequence: the sum grows with every change and never names two states.
CREATE VIEW data_versions_now AS
SELECT name, value FROM data_versions
UNION ALL SELECT 'bookings', 1::bigint FROM unfolded_booking_inserts();
--> statement-breakpoint
CREATE VIEW booking_days_now AS
SELECT day, status, bookings, value, disputed FROM booking_days
UNION ALL SELECT day, status, 1::bigint, total, disputed::int::bigint FROM unfolded_booking_inserts();
--> statement-breakpoint
-- Adds the created bookings of finished transactions, in (xid, id) order as the live stream reads
-- them, to the counters, the rollup and the version, and moves the fold past them, in one
-- transaction. Reads at most 10,000 changes a call, and answers how many it read: 10,000 means there
-- may be more. A fold already running (another process's) makes this one answer 0 at once.
CREATE FUNCTION fold_booking_inserts() RETURNS bigint
LANGUAGE plpgsql SET enable_seqscan = off SET enable_bitmapscan = off SET jit = off AS $$
DECLARE
  changes_read bigint;
BEGIN
  PERFORM 1 FROM booking_fold FOR UPDATE SKIP LOCKED;
  IF NOT FOUND THEN
    RETURN 0;
  END IF;
  WITH batch AS MATERIALIZED (
    SELECT change.xid, change.id, change.resource, change.action, change.status, change.day, change.total, change.disputed
    FROM live_changes AS change
    WHERE (change.xid, change.id) > (SELECT fold.xid, fold.id FROM booking_fold AS fold)
      AND change.xid < pg_snapshot_xmin(pg_current_snapshot())
    ORDER BY change.xid, change.id
    LIMIT 10000
  ), inserted AS MATERIALIZED (
    SELECT status, day, total, disputed FROM batch
    WHERE resource = 'bookings' AND action = 'created' AND status IS NOT NULL
  ), counters AS (
    INSERT INTO list_counters AS counter (name, slot, value)
    SELECT entry.name, writer_slot(), count(*)
    FROM inserted
    CROSS JOIN LATERAL (VALUES ('bookings'), ('bookings:' || inserted.status)) AS entry(name)
    GROUP BY entry.name
    ORDER BY entry.name COLLATE "C"
    ON CONFLICT (name, slot) DO UPDATE SET value = counter.value + excluded.value
  ), days AS (
    INSERT INTO booking_days AS kept (day, status, slot, bookings, value, disputed)
    SELECT inserted.day, inserted.status, writer_slot(), count(*), sum(inserted.total), count(*) FILTER (WHERE inserted.disputed)
    FROM inserted
    GROUP BY 1, 2
    ORDER BY 1, 2
    ON CONFLICT (day, status, slot) DO UPDATE
    SET bookings = kept.bookings + excluded.bookings, value = kept.value + excluded.value, disputed = kept.disputed + excluded.disputed
  ), version AS (
    INSERT INTO data_versions AS version (name, slot, value)
    SELECT 'bookings', -1, count(*) FROM inserted HAVING count(*) > 0
    ON CONFLICT (name, slot) DO UPDATE SET value = version.value + excluded.value
  ), moved AS (
    UPDATE booking_fold SET xid = last.xid, id = last.id
    FROM (SELECT batch.xid, batch.id FROM batch ORDER BY batch.xid DESC, batch.id DESC LIMIT 1) AS last
  )
  SELECT count(*) INTO changes_read FROM batch;
  RETURN changes_read;
END
$$;
--> statement-breakpoint
-- Takes the unfolded bookings off the counters and the rollup: after a recount (they are in it, and
-- will be added again when folded) or a truncate (they are gone).
CREATE FUNCTION discount_unfolded_booking_inserts() RETURNS void
LANGUAGE sql AS $$
  INSERT INTO list_counters AS counter (name, slot, value)
  SELECT entry.name, writer_slot(), -count(*)
  FROM unfolded_booking_inserts() AS inserted
  CROSS JOIN LATERAL (VALUES ('bookings'), ('bookings:' || inserted.status)) AS entry(name)
  GROUP BY entry.name
  ORDER BY entry.name COLLATE "C"
  ON CONFLICT (name, slot) DO UPDATE SET value = counter.value + excluded.value;
  INSERT INTO booking_days AS kept (day, status, slot, bookings, value, disputed)
  SELECT inserted.day, inserted.status, writer_slot(), -count(*), -sum(inserted.total), -count(*) FILTER (WHERE inserted.disputed)
  FROM unfolded_booking_inserts() AS inserted
  GROUP BY 1, 2
  ORDER BY 1, 2
  ON CONFLICT (day, status, slot) DO UPDATE
  SET bookings = kept.bookings + excluded.bookings, value = kept.value + excluded.value, disputed = kept.disputed + excluded.disputed;
$$;
--> statement-breakpoint
CREATE FUNCTION discount_truncated_booking_inserts() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM booking_fold FOR UPDATE;
  PERFORM discount_unfolded_booking_inserts();
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- After the triggers that empty the bookings' counters and rollup (triggers fire in name order).
CREATE TRIGGER bookings_unfolded_truncate AFTER TRUNCATE ON bookings
FOR EACH STATEMENT EXECUTE FUNCTION discount_truncated_booking_inserts();
--> statement-breakpoint
-- The recount of migration 0025 keeps its body under a new name; rebuild_list_counters now makes sure
-- no booking insert is in flight (the share lock waits for them) and no fold runs, so that the recount
-- and the unfolded bookings it then discounts are the same rows.
ALTER FUNCTION rebuild_list_counters() RENAME TO recount_list_counters;
--> statement-breakpoint
CREATE FUNCTION rebuild_list_counters() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE bookings IN SHARE MODE;
  PERFORM 1 FROM booking_fold FOR UPDATE;
  PERFORM recount_list_counters();
  PERFORM discount_unfolded_booking_inserts();
END
$$;
