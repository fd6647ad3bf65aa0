-- A booking insert keeps its counters, version, daily rollup and live change in a row trigger instead
-- of the statement trigger of 0012, 0025 and 0027: the statement trigger gathered the inserted rows
-- into a transition table for every insert statement, and the marketplace inserts one booking a
-- statement. 16 pgbench writers, one booking a transaction, three interleaved rounds of 6 s, medians
-- (docs/benchmarks.md, 29 November, second session): insert alone 0.62 of the trigger-free rate with
-- the statement trigger, 0.74 with this; with 5 ms of other work 0.61 and 0.76. An AFTER row trigger
-- fires only for a row that was inserted, so an INSERT ... ON CONFLICT that updates instead counts
-- once, through the update's trigger. Named as before, so a bulk load's set_list_counter_triggers
-- still turns it off and on.
CREATE FUNCTION count_and_version_inserted_booking() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  writer smallint := writer_slot();
BEGIN
  -- One statement for the four writes: each statement a trigger runs costs the writer a plan execution.
  WITH version AS (
    INSERT INTO data_versions AS version (name, slot, value) VALUES ('bookings', writer, nextval('data_version_seq'))
    ON CONFLICT (name, slot) DO UPDATE SET value = nextval('data_version_seq')
  ), live AS (
    INSERT INTO live_changes (resource, action, row_id) VALUES ('bookings', 'created', NEW.id)
  ), days AS (
    INSERT INTO booking_days AS kept (day, status, slot, bookings, value, disputed)
    VALUES ((NEW.created_at AT TIME ZONE 'UTC')::date, NEW.status, writer, 1, NEW.total, CASE WHEN NEW.is_disputed THEN 1 ELSE 0 END)
    ON CONFLICT (day, status, slot) DO UPDATE
    SET bookings = kept.bookings + 1, value = kept.value + excluded.value, disputed = kept.disputed + excluded.disputed
  )
  -- 'bookings' sorts before 'bookings:<status>' in the C collation: the rows are locked in name order.
  INSERT INTO list_counters AS counter (name, slot, value)
  VALUES ('bookings', writer, 1), ('bookings:' || NEW.status, writer, 1)
  ON CONFLICT (name, slot) DO UPDATE SET value = counter.value + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER bookings_list_counters_insert ON bookings;
--> statement-breakpoint
CREATE TRIGGER bookings_list_counters_insert AFTER INSERT ON bookings
FOR EACH ROW EXECUTE FUNCTION count_and_version_inserted_booking();
--> statement-breakpoint
DROP FUNCTION count_and_version_inserted_bookings();
