CREATE TABLE "host_join_days" (
	"day" date NOT NULL,
	"slot" smallint NOT NULL,
	"hosts" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "host_join_days_day_slot_pk" PRIMARY KEY("day","slot")
);
--> statement-breakpoint
-- The dashboard's host chart (decision 028): hosts who joined each day, kept in the writer's slot as
-- the other rollups (decision 016). A host is counted on the UTC day of their account's creation; a
-- user made a host, or no longer one, or whose creation moves, moves the count. A rename fires nothing.
CREATE FUNCTION add_to_host_joins(days date[], deltas bigint[]) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO host_join_days AS kept (day, slot, hosts)
  SELECT change.day, writer_slot(), sum(change.delta)
  FROM unnest(days, deltas) AS change(day, delta)
  GROUP BY change.day
  ORDER BY change.day
  ON CONFLICT (day, slot) DO UPDATE SET hosts = kept.hosts + excluded.hosts;
$$;
--> statement-breakpoint
CREATE FUNCTION count_host_joins() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  days date[] := '{}';
  deltas bigint[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.is_host THEN
    days := days || (OLD.created_at AT TIME ZONE 'UTC')::date;
    deltas := deltas || -1::bigint;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.is_host THEN
    days := days || (NEW.created_at AT TIME ZONE 'UTC')::date;
    deltas := deltas || 1::bigint;
  END IF;
  IF cardinality(days) > 0 THEN
    PERFORM add_to_host_joins(days, deltas);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Named as the counters' triggers, so a bulk load's set_list_counter_triggers turns them off and on, and
-- rebuild_list_counters counts the days again (below). A guest's insert or delete fires none of them.
CREATE TRIGGER users_list_counters_joins_insert AFTER INSERT ON users
FOR EACH ROW WHEN (NEW.is_host) EXECUTE FUNCTION count_host_joins();
--> statement-breakpoint
CREATE TRIGGER users_list_counters_joins_delete AFTER DELETE ON users
FOR EACH ROW WHEN (OLD.is_host) EXECUTE FUNCTION count_host_joins();
--> statement-breakpoint
CREATE TRIGGER users_list_counters_joins_update AFTER UPDATE OF is_host, created_at ON users
FOR EACH ROW WHEN (OLD.is_host IS DISTINCT FROM NEW.is_host OR OLD.created_at IS DISTINCT FROM NEW.created_at)
EXECUTE FUNCTION count_host_joins();
--> statement-breakpoint
CREATE TRIGGER users_list_counters_joins_truncate AFTER TRUNCATE ON users
FOR EACH STATEMENT EXECUTE FUNCTION empty_rollup('host_join_days');
--> statement-breakpoint
CREATE FUNCTION rebuild_host_join_days() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM host_join_days;
  INSERT INTO host_join_days (day, slot, hosts)
  SELECT (created_at AT TIME ZONE 'UTC')::date, 0, count(*)
  FROM users
  WHERE is_host
  GROUP BY 1;
$$;
--> statement-breakpoint
-- As in 0033, with the hosts' days counted again.
CREATE OR REPLACE FUNCTION rebuild_list_counters() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE bookings IN SHARE MODE;
  PERFORM 1 FROM booking_fold FOR UPDATE;
  PERFORM recount_list_counters();
  PERFORM discount_unfolded_booking_inserts();
  PERFORM resync_booking_names();
  PERFORM rebuild_host_join_days();
END
$$;
--> statement-breakpoint
-- No user may be written while the days are first counted (the migration's transaction).
LOCK TABLE users IN SHARE MODE;
--> statement-breakpoint
SELECT rebuild_host_join_days();
