-- Exact list totals without counting: row triggers keep list_counters in step with every insert,
-- status change and delete (cascades included). Counter names: a list's total (`bookings`) and its
-- total per status (`bookings:pending`); `feedback-ratings` holds the sum of feedback ratings.
--
-- Writers of one list queue on its counter rows until they commit (accepted: Hoy's writes are admin
-- decisions and landing forms). Counters are changed in name order, and every change of a list
-- also touches a row that sorts first among that list's names, so two writers never deadlock.

-- Adds each delta to its named counter, creating the counter when it is missing.
CREATE FUNCTION add_to_list_counters(names text[], deltas bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  change record;
BEGIN
  FOR change IN
    SELECT entry.name, sum(entry.delta)::bigint AS delta
    FROM unnest(names, deltas) AS entry(name, delta)
    GROUP BY entry.name
    ORDER BY entry.name COLLATE "C"
  LOOP
    INSERT INTO list_counters AS counter (name, value) VALUES (change.name, change.delta)
    ON CONFLICT (name) DO UPDATE SET value = counter.value + excluded.value;
  END LOOP;
END
$$;
--> statement-breakpoint
CREATE FUNCTION count_hosts() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  names text[] := '{}';
  deltas bigint[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.is_host THEN
    names := names || ARRAY['hosts', 'hosts:' || OLD.status_host];
    deltas := deltas || ARRAY[-1, -1]::bigint[];
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.is_host THEN
    names := names || ARRAY['hosts', 'hosts:' || NEW.status_host];
    deltas := deltas || ARRAY[1, 1]::bigint[];
  END IF;
  IF cardinality(names) > 0 THEN
    PERFORM add_to_list_counters(names, deltas);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION count_bookings() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  names text[] := '{}';
  deltas bigint[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN
    names := names || ARRAY['bookings', 'bookings:' || OLD.status];
    deltas := deltas || ARRAY[-1, -1]::bigint[];
  END IF;
  IF TG_OP <> 'DELETE' THEN
    names := names || ARRAY['bookings', 'bookings:' || NEW.status];
    deltas := deltas || ARRAY[1, 1]::bigint[];
  END IF;
  PERFORM add_to_list_counters(names, deltas);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A property is counted twice: as a listing (its review status) and as a property approval.
CREATE FUNCTION count_properties() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  names text[] := '{}';
  deltas bigint[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN
    names := names || ARRAY['listings', 'listings:' || OLD.listing_status,
                            'property-approvals', 'property-approvals:' || OLD.approval_status];
    deltas := deltas || ARRAY[-1, -1, -1, -1]::bigint[];
  END IF;
  IF TG_OP <> 'DELETE' THEN
    names := names || ARRAY['listings', 'listings:' || NEW.listing_status,
                            'property-approvals', 'property-approvals:' || NEW.approval_status];
    deltas := deltas || ARRAY[1, 1, 1, 1]::bigint[];
  END IF;
  PERFORM add_to_list_counters(names, deltas);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION count_feedbacks() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  names text[] := '{}';
  deltas bigint[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN
    names := names || ARRAY['feedback-ratings', 'feedbacks'];
    deltas := deltas || ARRAY[-OLD.rating, -1]::bigint[];
  END IF;
  IF TG_OP <> 'DELETE' THEN
    names := names || ARRAY['feedback-ratings', 'feedbacks'];
    deltas := deltas || ARRAY[NEW.rating, 1]::bigint[];
  END IF;
  PERFORM add_to_list_counters(names, deltas);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- For tables counted as a whole; the counter's name is the trigger's argument.
CREATE FUNCTION count_rows() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM add_to_list_counters(ARRAY[TG_ARGV[0]], ARRAY[CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END]::bigint[]);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- TRUNCATE fires no row triggers: it zeroes the counters named by its arguments (and their statuses).
CREATE FUNCTION reset_list_counters() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE list_counters SET value = 0
  WHERE name = ANY (TG_ARGV) OR split_part(name, ':', 1) = ANY (TG_ARGV);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_list_counters AFTER INSERT OR DELETE ON users
FOR EACH ROW EXECUTE FUNCTION count_hosts();
--> statement-breakpoint
CREATE TRIGGER users_list_counters_update AFTER UPDATE OF is_host, status_host ON users
FOR EACH ROW WHEN (OLD.is_host IS DISTINCT FROM NEW.is_host OR OLD.status_host IS DISTINCT FROM NEW.status_host)
EXECUTE FUNCTION count_hosts();
--> statement-breakpoint
CREATE TRIGGER users_list_counters_truncate AFTER TRUNCATE ON users
FOR EACH STATEMENT EXECUTE FUNCTION reset_list_counters('hosts');
--> statement-breakpoint
CREATE TRIGGER bookings_list_counters AFTER INSERT OR DELETE ON bookings
FOR EACH ROW EXECUTE FUNCTION count_bookings();
--> statement-breakpoint
CREATE TRIGGER bookings_list_counters_update AFTER UPDATE OF status ON bookings
FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status)
EXECUTE FUNCTION count_bookings();
--> statement-breakpoint
CREATE TRIGGER bookings_list_counters_truncate AFTER TRUNCATE ON bookings
FOR EACH STATEMENT EXECUTE FUNCTION reset_list_counters('bookings');
--> statement-breakpoint
CREATE TRIGGER properties_list_counters AFTER INSERT OR DELETE ON properties
FOR EACH ROW EXECUTE FUNCTION count_properties();
--> statement-breakpoint
CREATE TRIGGER properties_list_counters_update AFTER UPDATE OF listing_status, approval_status ON properties
FOR EACH ROW WHEN (OLD.listing_status IS DISTINCT FROM NEW.listing_status OR OLD.approval_status IS DISTINCT FROM NEW.approval_status)
EXECUTE FUNCTION count_properties();
--> statement-breakpoint
CREATE TRIGGER properties_list_counters_truncate AFTER TRUNCATE ON properties
FOR EACH STATEMENT EXECUTE FUNCTION reset_list_counters('listings', 'property-approvals');
--> statement-breakpoint
CREATE TRIGGER feedbacks_list_counters AFTER INSERT OR DELETE ON feedbacks
FOR EACH ROW EXECUTE FUNCTION count_feedbacks();
--> statement-breakpoint
CREATE TRIGGER feedbacks_list_counters_update AFTER UPDATE OF rating ON feedbacks
FOR EACH ROW WHEN (OLD.rating IS DISTINCT FROM NEW.rating)
EXECUTE FUNCTION count_feedbacks();
--> statement-breakpoint
CREATE TRIGGER feedbacks_list_counters_truncate AFTER TRUNCATE ON feedbacks
FOR EACH STATEMENT EXECUTE FUNCTION reset_list_counters('feedbacks', 'feedback-ratings');
--> statement-breakpoint
CREATE TRIGGER host_interest_submissions_list_counters AFTER INSERT OR DELETE ON host_interest_submissions
FOR EACH ROW EXECUTE FUNCTION count_rows('host-information');
--> statement-breakpoint
CREATE TRIGGER host_interest_submissions_list_counters_truncate AFTER TRUNCATE ON host_interest_submissions
FOR EACH STATEMENT EXECUTE FUNCTION reset_list_counters('host-information');
--> statement-breakpoint
CREATE TRIGGER email_subscribers_list_counters AFTER INSERT OR DELETE ON email_subscribers
FOR EACH ROW EXECUTE FUNCTION count_rows('email-subscribers');
--> statement-breakpoint
CREATE TRIGGER email_subscribers_list_counters_truncate AFTER TRUNCATE ON email_subscribers
FOR EACH STATEMENT EXECUTE FUNCTION reset_list_counters('email-subscribers');
--> statement-breakpoint
-- Recounts every counter from the tables. For a bulk load that ran with the row triggers off; it
-- must run while nothing else writes the counted tables (the seed holds their locks).
CREATE FUNCTION rebuild_list_counters() RETURNS void
LANGUAGE sql AS $$
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
  UNION ALL SELECT 'host-information', count(*) FROM host_interest_submissions
  UNION ALL SELECT 'email-subscribers', count(*) FROM email_subscribers;
$$;
--> statement-breakpoint
-- Turns the row triggers above off (for a bulk load, followed by rebuild_list_counters) or back on.
CREATE FUNCTION set_list_counter_triggers(is_enabled boolean) RETURNS void
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
END
$$;
--> statement-breakpoint
SELECT rebuild_list_counters();
