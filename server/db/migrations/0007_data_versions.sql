CREATE TABLE "data_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"value" bigint NOT NULL
);
--> statement-breakpoint
-- Versions of the listed tables, for the page cache (server/lib/page-cache.ts). Every statement
-- that writes one of these tables gives it a fresh value from one sequence, in the writer's
-- transaction: a reader sees a new version exactly when it can see the new rows. Values never repeat,
-- so a version names one state of its table. TRUNCATE and the bulk loads of `npm run seed` (which turn
-- off only the row triggers of the list counters) bump the versions too.
CREATE SEQUENCE data_version_seq;
--> statement-breakpoint
CREATE FUNCTION bump_data_version() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO data_versions AS version (name, value) VALUES (TG_TABLE_NAME, nextval('data_version_seq'))
  ON CONFLICT (name) DO UPDATE SET value = nextval('data_version_seq');
  RETURN NULL;
END
$$;
--> statement-breakpoint
INSERT INTO data_versions (name, value)
SELECT listed.name, nextval('data_version_seq')
FROM unnest(ARRAY['bookings', 'email_subscribers', 'feedbacks', 'host_interest_submissions', 'properties', 'users']) AS listed(name);
--> statement-breakpoint
CREATE TRIGGER bookings_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bookings
FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER email_subscribers_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON email_subscribers
FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER feedbacks_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON feedbacks
FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER host_interest_submissions_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON host_interest_submissions
FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER properties_data_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON properties
FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
-- Users are written often for things no list shows (last seen, profile details from the app): only
-- an update of a column a searched list reads or shows renews their version.
CREATE TRIGGER users_data_version AFTER INSERT OR DELETE OR TRUNCATE ON users
FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
--> statement-breakpoint
CREATE TRIGGER users_data_version_update AFTER UPDATE OF name, email, country, is_host, status_host, number_of_properties ON users
FOR EACH STATEMENT EXECUTE FUNCTION bump_data_version();
