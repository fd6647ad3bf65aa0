CREATE INDEX "users_suspended_idx" ON "users" USING btree ("is_host","id") WHERE suspended_at IS NOT NULL;--> statement-breakpoint
-- Every list that names a guest or a host shows whether they are suspended: a suspension renews the
-- users' data version (0007, 0045), so no cached page of those lists shows the one before.
CREATE OR REPLACE TRIGGER users_data_version_update
AFTER UPDATE OF name, email, country, is_host, status_host, number_of_properties, phone, phone_country_code, created_at, suspended_at ON users
FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
-- The hosts' screens show the suspension (0022's columns, and suspended_at).
CREATE OR REPLACE TRIGGER users_live_changes_update AFTER UPDATE OF name, email, country, is_host, status_host, number_of_properties, phone, phone_country_code, property_address, about, profile_picture_url, suspended_at ON users
FOR EACH ROW WHEN (OLD.is_host OR NEW.is_host) EXECUTE FUNCTION record_live_change('id', 'hosts');
--> statement-breakpoint
-- The guests' screens follow their rows as the hosts' do: a guest who joins, leaves, or changes what the
-- Guests list shows.
CREATE TRIGGER users_guests_live_changes_insert AFTER INSERT ON users
FOR EACH ROW WHEN (NOT NEW.is_host) EXECUTE FUNCTION record_live_change('id', 'guests');
--> statement-breakpoint
CREATE TRIGGER users_guests_live_changes_update AFTER UPDATE OF name, email, is_host, phone, phone_country_code, created_at, suspended_at ON users
FOR EACH ROW WHEN (NOT OLD.is_host OR NOT NEW.is_host) EXECUTE FUNCTION record_live_change('id', 'guests');
--> statement-breakpoint
CREATE TRIGGER users_guests_live_changes_delete AFTER DELETE ON users
FOR EACH ROW WHEN (NOT OLD.is_host) EXECUTE FUNCTION record_live_change('id', 'guests');
--> statement-breakpoint
-- A suspension or reinstatement, for the screens that name a guest or a host elsewhere (bookings,
-- feedback, chats): rare, so they read their page again on any.
CREATE TRIGGER users_suspensions_live_changes AFTER UPDATE OF suspended_at ON users
FOR EACH ROW WHEN (OLD.suspended_at IS DISTINCT FROM NEW.suspended_at) EXECUTE FUNCTION record_live_change('id', 'suspensions');
