-- The list counters (0004) and data versions (0007) spread over 64 slots. Before, every statement
-- that wrote bookings locked the same `bookings` counter and version rows until its transaction
-- ended, so the marketplace's own concurrent booking writers queued behind each other. Now a writer
-- changes only the rows of its connection's slot (its backend pid modulo 64): writers on different
-- connections never wait for each other here. Readers sum a name's slots (at most 64 rows of one
-- index range). Within a slot, counters are still changed in name order (no deadlock between two
-- writers of one list). A version slot's value only grows (each bump takes a later sequence value
-- once the slot's row is locked), so the sum over a table's slots grows with every committed write
-- and never names two states. Decision 016.
ALTER TABLE "list_counters" DROP CONSTRAINT "list_counters_pkey";--> statement-breakpoint
ALTER TABLE "list_counters" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "list_counters" ADD CONSTRAINT "list_counters_name_slot_pk" PRIMARY KEY("name","slot");--> statement-breakpoint
ALTER TABLE "data_versions" DROP CONSTRAINT "data_versions_pkey";--> statement-breakpoint
ALTER TABLE "data_versions" ADD COLUMN "slot" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "data_versions" ADD CONSTRAINT "data_versions_name_slot_pk" PRIMARY KEY("name","slot");--> statement-breakpoint
-- The slot of the connection running the current statement.
CREATE FUNCTION writer_slot() RETURNS smallint
LANGUAGE sql STABLE AS $$ SELECT (pg_backend_pid() % 64)::smallint $$;
--> statement-breakpoint
-- One statement adds every delta to the writer's slot, in name order (the order rows are locked in).
CREATE OR REPLACE FUNCTION add_to_list_counters(names text[], deltas bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_counters AS counter (name, slot, value)
  SELECT entry.name, writer_slot(), sum(entry.delta)::bigint
  FROM unnest(names, deltas) AS entry(name, delta)
  GROUP BY entry.name
  ORDER BY entry.name COLLATE "C"
  ON CONFLICT (name, slot) DO UPDATE SET value = counter.value + excluded.value;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_data_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO data_versions AS version (name, slot, value) VALUES (TG_TABLE_NAME, writer_slot(), nextval('data_version_seq'))
  ON CONFLICT (name, slot) DO UPDATE SET value = nextval('data_version_seq');
  RETURN NULL;
END
$$;
