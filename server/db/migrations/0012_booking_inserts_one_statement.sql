-- A booking insert, the marketplace's hottest write, pays for Hoy in one statement instead of two
-- per row plus one per statement. Before: a row trigger added each row's counts to the writer's slot
-- (0004, 0009), and a statement trigger then bumped the table's version (0007). Now one statement
-- trigger over the inserted rows (a transition table) adds their counts and bumps the version in a
-- single SQL statement. Counters are still changed in name order, before the version, in the writer's
-- own slot; update, delete and truncate keep their triggers. Decision 016.
CREATE FUNCTION count_and_version_inserted_bookings() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  WITH version AS (
    INSERT INTO data_versions AS version (name, slot, value) VALUES ('bookings', writer_slot(), nextval('data_version_seq'))
    ON CONFLICT (name, slot) DO UPDATE SET value = nextval('data_version_seq')
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
DROP TRIGGER bookings_list_counters ON bookings;
--> statement-breakpoint
CREATE TRIGGER bookings_list_counters AFTER DELETE ON bookings
FOR EACH ROW EXECUTE FUNCTION count_bookings();
--> statement-breakpoint
DROP TRIGGER bookings_data_version ON bookings;
--> statement-breakpoint
CREATE TRIGGER bookings_data_version AFTER UPDATE OR DELETE OR TRUNCATE ON bookings
FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER bookings_list_counters_insert AFTER INSERT ON bookings
REFERENCING NEW TABLE AS inserted_bookings
FOR EACH STATEMENT EXECUTE FUNCTION count_and_version_inserted_bookings();
--> statement-breakpoint
-- A bulk load turns the counter triggers off, the booking insert trigger among them, so turning them
-- back on also gives every listed table a new version: the loaded rows were written unversioned.
CREATE OR REPLACE FUNCTION set_list_counter_triggers(is_enabled boolean) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  entry record;
BEGIN
  FOR entry IN
    SELECT trigger_entry.tgname AS trigger_name, table_entry.relname AS table_name
    FROM pg_trigger trigger_entry
    JOIN pg_class table_entry ON table_entry.oid = trigger_entry.tgrelid
    WHERE table_entry.relnamespace = current_schema()::regnamespace
      AND trigger_entry.tgname LIKE '%\_list\_counters%'
      AND trigger_entry.tgname NOT LIKE '%\_truncate'
  LOOP
    EXECUTE format('ALTER TABLE %I %s TRIGGER %I', entry.table_name,
                   CASE WHEN is_enabled THEN 'ENABLE' ELSE 'DISABLE' END, entry.trigger_name);
  END LOOP;
  IF is_enabled THEN
    INSERT INTO data_versions AS version (name, slot, value)
    SELECT listed.name, writer_slot(), nextval('data_version_seq')
    FROM (SELECT DISTINCT name FROM data_versions ORDER BY name) AS listed
    ON CONFLICT (name, slot) DO UPDATE SET value = nextval('data_version_seq');
  END IF;
END
$$;
