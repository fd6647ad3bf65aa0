-- Decision 034: the names the Guest and Property sorts walk leave the booking insert. The copies of
-- migration 0016 cost the marketplace's own insert a trigger that read the guest and the property,
-- and two index entries at random places: at 1,000,000 bookings, 16 pgbench writers inserted at 0.87
-- of their trigger-free rate with them and 0.96 with the copies left null. The names now live in
-- booking_names, one row a booking, which the fold of migration 0030 fills a moment after the insert,
-- from the same live_changes rows it folds into the counters; until then a sort reads the booking's
-- guest and property themselves (the few bookings not folded yet), so every page stays exact.
CREATE TABLE "booking_names" (
	"booking_id" integer PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"guest_name" text,
	"property_title" text
);
--> statement-breakpoint
INSERT INTO booking_names (booking_id, status, guest_name, property_title)
SELECT booking.id, booking.status, NULLIF(guest.name, ''), NULLIF(property.title, '')
FROM bookings AS booking
LEFT JOIN users AS guest ON guest.id = booking.guest_id
LEFT JOIN properties AS property ON property.id = booking.property_id;
--> statement-breakpoint
CREATE INDEX "booking_names_status_guest_name_idx" ON "booking_names" USING btree ("status","guest_name","booking_id");--> statement-breakpoint
CREATE INDEX "booking_names_status_property_title_idx" ON "booking_names" USING btree ("status","property_title","booking_id");--> statement-breakpoint
-- Without a status a page walks one index instead of merging a walk per status (decision 021 merged
-- them so that the insert would pay for two indexes, not four; the fold pays for these).
CREATE INDEX "booking_names_guest_name_idx" ON "booking_names" USING btree ("guest_name","booking_id");--> statement-breakpoint
CREATE INDEX "booking_names_property_title_idx" ON "booking_names" USING btree ("property_title","booking_id");--> statement-breakpoint
ANALYZE booking_names;
--> statement-breakpoint
-- A rename rewrites its bookings' rows here: vacuumed after a few thousand changes, as bookings are
-- (migration 0021, decision 025), so the sorts' walks stay index-only.
ALTER TABLE "booking_names" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 2000, autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 10000, autovacuum_analyze_scale_factor = 0.02);
--> statement-breakpoint
DROP TRIGGER bookings_sort_names ON bookings;--> statement-breakpoint
DROP FUNCTION copy_booking_sort_names();--> statement-breakpoint
DROP INDEX "bookings_status_guest_name_idx";--> statement-breakpoint
DROP INDEX "bookings_status_property_title_idx";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "guest_name";--> statement-breakpoint
ALTER TABLE "bookings" DROP COLUMN "property_title";
--> statement-breakpoint
-- A rename rewrites the names of its guest's or property's bookings that have a row; the fold reads
-- the names of the others under a lock that makes a rename wait for it, or it for the rename.
CREATE OR REPLACE FUNCTION rename_guest_copies() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE booking_names AS named SET guest_name = NULLIF(NEW.name, '')
  FROM bookings AS booking
  WHERE booking.guest_id = NEW.id AND named.booking_id = booking.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION retitle_property_copies() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE booking_names AS named SET property_title = NULLIF(NEW.title, '')
  FROM bookings AS booking
  WHERE booking.property_id = NEW.id AND named.booking_id = booking.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A booking whose status, guest or property changes (a deleted guest or property sets its link to
-- null) moves in the sorts at once. Only the changed parts are read again.
CREATE FUNCTION rename_booking() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE booking_names SET
    status = NEW.status,
    guest_name = CASE WHEN OLD.guest_id IS DISTINCT FROM NEW.guest_id
      THEN NULLIF((SELECT guest.name FROM users AS guest WHERE guest.id = NEW.guest_id), '') ELSE guest_name END,
    property_title = CASE WHEN OLD.property_id IS DISTINCT FROM NEW.property_id
      THEN NULLIF((SELECT property.title FROM properties AS property WHERE property.id = NEW.property_id), '') ELSE property_title END
  WHERE booking_id = NEW.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_names_update AFTER UPDATE OF status, guest_id, property_id ON bookings
FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.guest_id IS DISTINCT FROM NEW.guest_id OR OLD.property_id IS DISTINCT FROM NEW.property_id)
EXECUTE FUNCTION rename_booking();
--> statement-breakpoint
CREATE FUNCTION forget_booking_names() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM booking_names WHERE booking_id = OLD.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_names_delete AFTER DELETE ON bookings
FOR EACH ROW EXECUTE FUNCTION forget_booking_names();
--> statement-breakpoint
CREATE FUNCTION empty_booking_names() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE booking_names;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_names_truncate AFTER TRUNCATE ON bookings
FOR EACH STATEMENT EXECUTE FUNCTION empty_booking_names();
--> statement-breakpoint
-- The created bookings the fold has not reached: a sort reads their names from their guests and
-- properties. The settings as unfolded_booking_inserts' (migration 0030).
CREATE FUNCTION unfolded_booking_ids() RETURNS SETOF integer
LANGUAGE sql STABLE SET enable_seqscan = off SET enable_bitmapscan = off SET jit = off AS $$
  SELECT change.row_id::integer
  FROM live_changes AS change
  WHERE (change.xid, change.id) > (SELECT fold.xid, fold.id FROM booking_fold AS fold)
    AND change.resource = 'bookings' AND change.action = 'created'
$$;
--> statement-breakpoint
-- As migration 0030's, and each created booking of the batch gets its row in booking_names. The
-- batch is fixed first, by its last (xid, id): every change up to it is from a finished transaction,
-- so the range holds the same rows for every statement that follows. The bookings, their guests and
-- their properties are locked before their names are read: a change to one of them then waits for
-- the fold, whose row its trigger then finds, or the fold waits for it and reads what it wrote. A lock
-- held longer than lock_timeout makes this fold fail and the next one try again: the marketplace's
-- own transaction never waits on the fold for long, and never deadlocks with it.
CREATE OR REPLACE FUNCTION fold_booking_inserts() RETURNS bigint
LANGUAGE plpgsql SET enable_seqscan = off SET enable_bitmapscan = off SET jit = off SET lock_timeout = '500ms' AS $$
DECLARE
  changes_read bigint;
  last_xid xid8;
  last_id bigint;
  created integer[];
BEGIN
  PERFORM 1 FROM booking_fold FOR UPDATE SKIP LOCKED;
  IF NOT FOUND THEN
    RETURN 0;
  END IF;
  WITH batch AS MATERIALIZED (
    SELECT change.xid, change.id, change.resource, change.action, change.row_id
    FROM live_changes AS change
    WHERE (change.xid, change.id) > (SELECT fold.xid, fold.id FROM booking_fold AS fold)
      AND change.xid < pg_snapshot_xmin(pg_current_snapshot())
    ORDER BY change.xid, change.id
    LIMIT 10000
  )
  SELECT count(*),
         (SELECT last.xid FROM batch AS last ORDER BY last.xid DESC, last.id DESC LIMIT 1),
         (SELECT last.id FROM batch AS last ORDER BY last.xid DESC, last.id DESC LIMIT 1),
         array_agg(batch.row_id::integer) FILTER (WHERE batch.resource = 'bookings' AND batch.action = 'created')
  INTO changes_read, last_xid, last_id, created
  FROM batch;
  IF changes_read = 0 THEN
    RETURN 0;
  END IF;
  IF created IS NOT NULL THEN
    PERFORM 1 FROM bookings AS booking WHERE booking.id = ANY(created) ORDER BY booking.id FOR SHARE;
    PERFORM 1 FROM users AS guest
    WHERE guest.id IN (SELECT booking.guest_id FROM bookings AS booking WHERE booking.id = ANY(created))
    ORDER BY guest.id FOR SHARE;
    PERFORM 1 FROM properties AS property
    WHERE property.id IN (SELECT booking.property_id FROM bookings AS booking WHERE booking.id = ANY(created))
    ORDER BY property.id FOR SHARE;
    INSERT INTO booking_names (booking_id, status, guest_name, property_title)
    SELECT booking.id, booking.status, NULLIF(guest.name, ''), NULLIF(property.title, '')
    FROM bookings AS booking
    LEFT JOIN users AS guest ON guest.id = booking.guest_id
    LEFT JOIN properties AS property ON property.id = booking.property_id
    WHERE booking.id = ANY(created)
    ON CONFLICT (booking_id) DO NOTHING;
  END IF;
  WITH batch AS MATERIALIZED (
    SELECT change.xid, change.id, change.resource, change.action, change.status, change.day, change.total, change.disputed
    FROM live_changes AS change
    WHERE (change.xid, change.id) > (SELECT fold.xid, fold.id FROM booking_fold AS fold)
      AND (change.xid, change.id) <= (last_xid, last_id)
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
  )
  UPDATE booking_fold SET xid = last_xid, id = last_id;
  RETURN changes_read;
END
$$;
--> statement-breakpoint
-- A bulk load (the volume seed) writes bookings with the triggers off: the recount makes booking_names
-- match the bookings again, as it does the counters.
CREATE FUNCTION resync_booking_names() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM booking_names AS named WHERE NOT EXISTS (SELECT 1 FROM bookings AS booking WHERE booking.id = named.booking_id);
  INSERT INTO booking_names AS named (booking_id, status, guest_name, property_title)
  SELECT booking.id, booking.status, NULLIF(guest.name, ''), NULLIF(property.title, '')
  FROM bookings AS booking
  LEFT JOIN users AS guest ON guest.id = booking.guest_id
  LEFT JOIN properties AS property ON property.id = booking.property_id
  ON CONFLICT (booking_id) DO UPDATE
  SET status = excluded.status, guest_name = excluded.guest_name, property_title = excluded.property_title
  WHERE (named.status, named.guest_name, named.property_title) IS DISTINCT FROM (excluded.status, excluded.guest_name, excluded.property_title);
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rebuild_list_counters() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE bookings IN SHARE MODE;
  PERFORM 1 FROM booking_fold FOR UPDATE;
  PERFORM recount_list_counters();
  PERFORM discount_unfolded_booking_inserts();
  PERFORM resync_booking_names();
END
$$;
