-- A list counted by its rows gets its counter trigger from its source, not from a migration of its own
-- (decision 024). One trigger function serves every such list: its arguments are the list's name and,
-- where the list has a status filter, its status column. The server installs each list's triggers
-- at start (server/db/list-counter-triggers.ts), under an advisory lock, when `counted_lists` does not
-- name the list yet, and counts its rows once; `rebuild_list_counters()` recounts every list it names.
-- The landing page's two lists, counted so since 0004, move to it here. The other counters (hosts,
-- bookings, listings, property approvals, feedback, Activity) count more than a table's rows and keep
-- their own triggers.
CREATE TABLE counted_lists (
  name text PRIMARY KEY,
  table_name text NOT NULL UNIQUE,
  status_column text
);
--> statement-breakpoint
-- The list's total and, with a status column, its total per status (`reports:open`), in the writer's slot
-- (add_to_list_counters: name order, decision 016). Row trigger on insert and delete, and on an update of
-- the status column.
CREATE FUNCTION count_list_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  list text := TG_ARGV[0];
  status_column text := TG_ARGV[1];
  names text[] := '{}';
  deltas bigint[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN
    names := names || list;
    deltas := deltas || -1::bigint;
    IF status_column IS NOT NULL THEN
      names := names || (list || ':' || COALESCE(to_jsonb(OLD) ->> status_column, ''));
      deltas := deltas || -1::bigint;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    names := names || list;
    deltas := deltas || 1::bigint;
    IF status_column IS NOT NULL THEN
      names := names || (list || ':' || COALESCE(to_jsonb(NEW) ->> status_column, ''));
      deltas := deltas || 1::bigint;
    END IF;
  END IF;
  PERFORM add_to_list_counters(names, deltas);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Recounts one list named in counted_lists: its total and, with a status column, each status's.
CREATE FUNCTION recount_list_rows(list text) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  counted record;
BEGIN
  SELECT * INTO STRICT counted FROM counted_lists WHERE name = list;
  DELETE FROM list_counters WHERE name = list OR split_part(name, ':', 1) = list;
  EXECUTE format('INSERT INTO list_counters (name, value) SELECT %L, count(*) FROM %I', list, counted.table_name);
  IF counted.status_column IS NOT NULL THEN
    EXECUTE format('INSERT INTO list_counters (name, value) SELECT %L || '':'' || COALESCE(%I::text, ''''), count(*) FROM %I GROUP BY 1',
                   list, counted.status_column, counted.table_name);
  END IF;
END
$$;
--> statement-breakpoint
-- No submission or subscription may be written while their triggers change (a migration's transaction).
LOCK TABLE host_interest_submissions, email_subscribers IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
INSERT INTO counted_lists (name, table_name) VALUES ('host-information', 'host_interest_submissions'), ('email-subscribers', 'email_subscribers');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER host_interest_submissions_list_counters AFTER INSERT OR DELETE ON host_interest_submissions
FOR EACH ROW EXECUTE FUNCTION count_list_rows('host-information');
--> statement-breakpoint
CREATE OR REPLACE TRIGGER email_subscribers_list_counters AFTER INSERT OR DELETE ON email_subscribers
FOR EACH ROW EXECUTE FUNCTION count_list_rows('email-subscribers');
--> statement-breakpoint
-- A bulk load recounts the counters of 0004 and 0018 as before, then every list counted by its rows.
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
END
$$;
