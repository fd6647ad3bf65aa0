CREATE TABLE "review_wait_weeks" (
	"entity_type" text NOT NULL,
	"week" date NOT NULL,
	"decisions" integer DEFAULT 0 NOT NULL,
	"median_seconds" double precision,
	"p90_seconds" double precision,
	CONSTRAINT "review_wait_weeks_entity_type_week_pk" PRIMARY KEY("entity_type","week")
);
--> statement-breakpoint
-- The decision chart's whole weeks (decision 028): each week's first decisions on listings and on
-- properties, counted with the same sort the chart ran per bucket at every read (a year: 106 sorts of
-- about 2,400 waits each at 1,000,000 audit entries). The chart now reads its whole weeks here and
-- sorts only the cut weeks at a range's ends.
CREATE FUNCTION review_wait_week(decided_at timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE AS $$
  SELECT date_trunc('week', decided_at AT TIME ZONE 'UTC')::date
$$;
--> statement-breakpoint
-- Counts the weeks again from review_waits. Each week under a transaction-long lock of its own
-- (pg_advisory_xact_lock, class 748201916, the week's day number), taken before the statement that
-- counts it: under READ COMMITTED that statement's snapshot holds every change of that week made by
-- the transactions that held the lock before, and a transaction that changes the week later waits for
-- this one and counts it again after. So decisions made side by side leave all of them counted.
-- Weeks are locked in order, so two transactions never wait for each other.
CREATE FUNCTION count_review_wait_weeks(entity_types text[], weeks date[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  touched record;
BEGIN
  FOR touched IN
    SELECT DISTINCT change.entity_type, change.week
    FROM unnest(entity_types, weeks) AS change(entity_type, week)
    WHERE change.entity_type IN ('listing', 'property')
    ORDER BY change.week, change.entity_type
  LOOP
    PERFORM pg_advisory_xact_lock(748201916, touched.week - date '2000-01-03');
    INSERT INTO review_wait_weeks (entity_type, week, decisions, median_seconds, p90_seconds)
    SELECT touched.entity_type, touched.week, counted.decisions, counted.waits[1], counted.waits[2]
    FROM (
      SELECT count(*)::int AS decisions, percentile_cont(ARRAY[0.5, 0.9]) WITHIN GROUP (ORDER BY wait.wait_seconds) AS waits
      FROM review_waits AS wait
      WHERE wait.entity_type = touched.entity_type
        AND wait.decided_at >= touched.week::timestamp AT TIME ZONE 'UTC'
        AND wait.decided_at < (touched.week + 7)::timestamp AT TIME ZONE 'UTC'
    ) AS counted
    ON CONFLICT (entity_type, week) DO UPDATE
    SET decisions = excluded.decisions, median_seconds = excluded.median_seconds, p90_seconds = excluded.p90_seconds;
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE FUNCTION count_changed_wait_weeks() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM count_review_wait_weeks(array_agg(wait.entity_type), array_agg(review_wait_week(wait.decided_at)))
  FROM changed_waits AS wait;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- An update (none of Hoy's own) may move a wait to another week: both weeks, in one ordered pass.
CREATE FUNCTION count_moved_wait_weeks() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM count_review_wait_weeks(array_agg(wait.entity_type), array_agg(review_wait_week(wait.decided_at)))
  FROM (SELECT entity_type, decided_at FROM waits_before UNION ALL SELECT entity_type, decided_at FROM waits_after) AS wait;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Named as the counters' triggers, so a bulk load's set_list_counter_triggers turns them off and on,
-- and rebuild_list_counters counts the weeks again (through rebuild_review_waits, below).
CREATE TRIGGER review_waits_list_counters_weeks_insert AFTER INSERT ON review_waits
REFERENCING NEW TABLE AS changed_waits
FOR EACH STATEMENT EXECUTE FUNCTION count_changed_wait_weeks();
--> statement-breakpoint
CREATE TRIGGER review_waits_list_counters_weeks_delete AFTER DELETE ON review_waits
REFERENCING OLD TABLE AS changed_waits
FOR EACH STATEMENT EXECUTE FUNCTION count_changed_wait_weeks();
--> statement-breakpoint
CREATE TRIGGER review_waits_list_counters_weeks_update AFTER UPDATE ON review_waits
REFERENCING OLD TABLE AS waits_before NEW TABLE AS waits_after
FOR EACH STATEMENT EXECUTE FUNCTION count_moved_wait_weeks();
--> statement-breakpoint
CREATE TRIGGER review_waits_list_counters_weeks_truncate AFTER TRUNCATE ON review_waits
FOR EACH STATEMENT EXECUTE FUNCTION empty_rollup('review_wait_weeks');
--> statement-breakpoint
CREATE FUNCTION rebuild_review_wait_weeks() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM review_wait_weeks;
  INSERT INTO review_wait_weeks (entity_type, week, decisions, median_seconds, p90_seconds)
  SELECT counted.entity_type, counted.week, counted.decisions, counted.waits[1], counted.waits[2]
  FROM (
    SELECT wait.entity_type, review_wait_week(wait.decided_at) AS week, count(*)::int AS decisions,
           percentile_cont(ARRAY[0.5, 0.9]) WITHIN GROUP (ORDER BY wait.wait_seconds) AS waits
    FROM review_waits AS wait
    WHERE wait.entity_type IN ('listing', 'property')
    GROUP BY 1, 2
  ) AS counted;
$$;
--> statement-breakpoint
-- A bulk load (the triggers above off) counts the weeks again after the waits: rebuild_review_waits,
-- which rebuild_list_counters calls, now does both.
ALTER FUNCTION rebuild_review_waits() RENAME TO rebuild_first_decisions;
--> statement-breakpoint
CREATE FUNCTION rebuild_review_waits() RETURNS void
LANGUAGE sql AS $$
  SELECT rebuild_first_decisions();
  SELECT rebuild_review_wait_weeks();
$$;
--> statement-breakpoint
-- No decision may be recorded while the weeks are first counted (the migration's transaction).
LOCK TABLE review_waits IN SHARE MODE;
--> statement-breakpoint
SELECT rebuild_review_wait_weeks();
