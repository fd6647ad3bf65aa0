-- Activity reads its totals from counters and its pages from indexes (decisions 011, 016, 019). Before,
-- every page counted the million-entry trail and sorted it by time. Counters: `activity`, the trail's
-- total, and one cell per kind of record, staff member and action, e.g. `activity:listing:3:listing.decline`
-- (`-` when the staff account is gone). An unsearched total, with any kind, staff member or view, is a
-- sum of cells; so is the part of a search's total that a staff member or an action matches (the
-- actions are read from the cells, a few dozen values). Indexes: the time sort for each filter, and
-- the search's rare actions and reasons (trigrams).
CREATE INDEX "audit_events_created_idx" ON "audit_events" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_type_created_idx" ON "audit_events" USING btree ("entity_type","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_created_without_staff_idx" ON "audit_events" USING btree ("created_at","id") WHERE entity_type <> 'staff';--> statement-breakpoint
CREATE INDEX "audit_events_administrator_type_idx" ON "audit_events" USING btree ("administrator_id","entity_type","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_administrator_without_staff_idx" ON "audit_events" USING btree ("administrator_id","created_at","id") WHERE entity_type <> 'staff';--> statement-breakpoint
CREATE INDEX "audit_events_action_idx" ON "audit_events" USING btree ("action","created_at","id");--> statement-breakpoint
CREATE INDEX "audit_events_reason_trgm_idx" ON "audit_events" USING gin ("reason" gin_trgm_ops) WHERE reason IS NOT NULL;
--> statement-breakpoint
CREATE FUNCTION activity_counter(entity_type text, administrator_id integer, action text) RETURNS text
LANGUAGE sql IMMUTABLE AS $$ SELECT 'activity:' || entity_type || ':' || COALESCE(administrator_id::text, '-') || ':' || action $$;
--> statement-breakpoint
-- Entries are inserted one statement at a time, in the transaction of the decision they record: one
-- statement adds them to the writer's slot, the total first (name order, decision 011).
CREATE FUNCTION count_inserted_audit_events() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_counters AS counter (name, slot, value)
  SELECT entry.name, writer_slot(), count(*)
  FROM inserted_audit_events AS inserted
  CROSS JOIN LATERAL (VALUES ('activity'), (activity_counter(inserted.entity_type, inserted.administrator_id, inserted.action))) AS entry(name)
  GROUP BY entry.name
  ORDER BY entry.name COLLATE "C"
  ON CONFLICT (name, slot) DO UPDATE SET value = counter.value + excluded.value;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The product never deletes or edits an entry, but deleting a staff account sets its entries'
-- administrator_id to null (ON DELETE SET NULL, an UPDATE that fires these triggers): the entry moves
-- to the `-` cell. The total's row is touched (by 0) first, as every change of a list does.
CREATE FUNCTION count_audit_events() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM add_to_list_counters(ARRAY['activity', activity_counter(OLD.entity_type, OLD.administrator_id, OLD.action)], ARRAY[-1, -1]::bigint[]);
  ELSE
    PERFORM add_to_list_counters(
      ARRAY['activity', activity_counter(OLD.entity_type, OLD.administrator_id, OLD.action), activity_counter(NEW.entity_type, NEW.administrator_id, NEW.action)],
      ARRAY[0, -1, 1]::bigint[]);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- No entry may be written while the counters are first counted below (a migration's transaction).
LOCK TABLE audit_events IN SHARE MODE;
--> statement-breakpoint
CREATE TRIGGER audit_events_list_counters_insert AFTER INSERT ON audit_events
REFERENCING NEW TABLE AS inserted_audit_events
FOR EACH STATEMENT EXECUTE FUNCTION count_inserted_audit_events();
--> statement-breakpoint
CREATE TRIGGER audit_events_list_counters AFTER DELETE ON audit_events
FOR EACH ROW EXECUTE FUNCTION count_audit_events();
--> statement-breakpoint
CREATE TRIGGER audit_events_list_counters_update AFTER UPDATE OF entity_type, administrator_id, action ON audit_events
FOR EACH ROW WHEN (OLD.entity_type IS DISTINCT FROM NEW.entity_type OR OLD.administrator_id IS DISTINCT FROM NEW.administrator_id
                   OR OLD.action IS DISTINCT FROM NEW.action)
EXECUTE FUNCTION count_audit_events();
--> statement-breakpoint
CREATE TRIGGER audit_events_list_counters_truncate AFTER TRUNCATE ON audit_events
FOR EACH STATEMENT EXECUTE FUNCTION reset_list_counters('activity');
--> statement-breakpoint
-- A bulk load recounts Activity's counters with the others.
CREATE OR REPLACE FUNCTION rebuild_list_counters() RETURNS void
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
  UNION ALL SELECT 'email-subscribers', count(*) FROM email_subscribers
  UNION ALL SELECT 'activity', count(*) FROM audit_events
  UNION ALL SELECT activity_counter(entity_type, administrator_id, action), count(*) FROM audit_events
    GROUP BY entity_type, administrator_id, action;
$$;
--> statement-breakpoint
-- The entries already there, counted once; the other lists' counters are left as they are.
DELETE FROM list_counters WHERE name = 'activity' OR name LIKE 'activity:%';
--> statement-breakpoint
INSERT INTO list_counters (name, value)
SELECT 'activity', count(*) FROM audit_events
UNION ALL SELECT activity_counter(entity_type, administrator_id, action), count(*) FROM audit_events
  GROUP BY entity_type, administrator_id, action;
