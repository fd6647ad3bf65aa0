CREATE INDEX "conversations_user_idx" ON "conversations" USING btree ("user_id","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_guests_id_idx" ON "users" USING btree ("id") WHERE NOT is_host;--> statement-breakpoint
CREATE INDEX "users_guests_name_sort_idx" ON "users" USING btree (("name" IS NULL OR "name" = ''),"name","id") WHERE NOT is_host;--> statement-breakpoint
CREATE INDEX "users_guests_name_sort_desc_idx" ON "users" USING btree (("name" IS NULL OR "name" = ''),"name" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE NOT is_host;--> statement-breakpoint
CREATE INDEX "users_guests_email_sort_idx" ON "users" USING btree (("email" IS NULL OR "email" = ''),"email","id") WHERE NOT is_host;--> statement-breakpoint
CREATE INDEX "users_guests_email_sort_desc_idx" ON "users" USING btree (("email" IS NULL OR "email" = ''),"email" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE NOT is_host;--> statement-breakpoint
CREATE INDEX "users_guests_phone_sort_idx" ON "users" USING btree (("phone" IS NULL OR "phone" = ''),"phone","id") WHERE NOT is_host;--> statement-breakpoint
CREATE INDEX "users_guests_phone_sort_desc_idx" ON "users" USING btree (("phone" IS NULL OR "phone" = ''),"phone" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE NOT is_host;--> statement-breakpoint
CREATE INDEX "users_guests_created_idx" ON "users" USING btree ("created_at","id") WHERE NOT is_host;--> statement-breakpoint
-- The guests list's exact total (every user who is not a host), kept beside the hosts' by the same
-- row triggers: count_users replaces count_hosts (0004) and counts a guest under `guests`.
CREATE FUNCTION count_users() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  names text[] := '{}';
  deltas bigint[] := '{}';
BEGIN
  IF TG_OP <> 'INSERT' THEN
    IF OLD.is_host THEN
      names := names || ARRAY['hosts', 'hosts:' || OLD.status_host];
      deltas := deltas || ARRAY[-1, -1]::bigint[];
    ELSE
      names := names || ARRAY['guests'];
      deltas := deltas || ARRAY[-1]::bigint[];
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW.is_host THEN
      names := names || ARRAY['hosts', 'hosts:' || NEW.status_host];
      deltas := deltas || ARRAY[1, 1]::bigint[];
    ELSE
      names := names || ARRAY['guests'];
      deltas := deltas || ARRAY[1]::bigint[];
    END IF;
  END IF;
  PERFORM add_to_list_counters(names, deltas);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- No user may be written while the triggers change and the guests are first counted (the migration's transaction).
LOCK TABLE users IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER users_list_counters AFTER INSERT OR DELETE ON users
FOR EACH ROW EXECUTE FUNCTION count_users();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER users_list_counters_update AFTER UPDATE OF is_host, status_host ON users
FOR EACH ROW WHEN (OLD.is_host IS DISTINCT FROM NEW.is_host OR OLD.status_host IS DISTINCT FROM NEW.status_host)
EXECUTE FUNCTION count_users();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER users_list_counters_truncate AFTER TRUNCATE ON users
FOR EACH STATEMENT EXECUTE FUNCTION reset_list_counters('hosts', 'guests');
--> statement-breakpoint
DROP FUNCTION count_hosts();
--> statement-breakpoint
-- Counts the guests again, for a bulk load (rebuild_list_counters, below) and this migration.
CREATE FUNCTION recount_guests() RETURNS void
LANGUAGE sql AS $$
  DELETE FROM list_counters WHERE name = 'guests';
  INSERT INTO list_counters (name, value) SELECT 'guests', count(*) FROM users WHERE NOT is_host;
$$;
--> statement-breakpoint
-- As in 0038, with the guests counted again.
CREATE OR REPLACE FUNCTION rebuild_list_counters() RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE bookings IN SHARE MODE;
  PERFORM 1 FROM booking_fold FOR UPDATE;
  PERFORM recount_list_counters();
  PERFORM discount_unfolded_booking_inserts();
  PERFORM resync_booking_names();
  PERFORM rebuild_host_join_days();
  PERFORM recount_guests();
END
$$;
--> statement-breakpoint
SELECT recount_guests();
--> statement-breakpoint
-- The guests list shows the phone and the joined date: their change renews the users' data version
-- (0007), so a cached page of guests never shows the ones before.
CREATE OR REPLACE TRIGGER users_data_version_update
AFTER UPDATE OF name, email, country, is_host, status_host, number_of_properties, phone, phone_country_code, created_at ON users
FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
