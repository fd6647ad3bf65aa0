CREATE TABLE "live_changes" (
	"id" bigint GENERATED ALWAYS AS IDENTITY (sequence name "live_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"resource" text NOT NULL,
	"action" text NOT NULL,
	"row_id" bigint NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_changes_xid_id_pk" PRIMARY KEY("xid","id"),
	CONSTRAINT "live_changes_action_check" CHECK (action IN ('created', 'updated', 'deleted'))
);
--> statement-breakpoint
CREATE TABLE "live_streams" (
	"id" text PRIMARY KEY NOT NULL,
	"session_id" bigint NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_streams" ADD CONSTRAINT "live_streams_session_id_admin_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."admin_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_streams_session_idx" ON "live_streams" USING btree ("session_id");--> statement-breakpoint
-- The live stream's changes (decision 026): one row a changed row, in the writer's transaction.
-- Arguments: the changed row's id column (`id`, `user_id` or `conversation_id`), then the resources it
-- belongs to. Each IF branch reads one field, so a table without `user_id` never plans `NEW.user_id`.
-- No NOTIFY: a transaction that notifies holds one database-wide lock through its commit, and 16
-- writers inserting rows ran at 0.35 to 0.43 of their rate with one. This insert costs one index
-- entry a change. `npm run seed`'s bulk load turns these triggers off (set_live_change_triggers).
CREATE FUNCTION record_live_change() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  changed record;
  changed_id bigint;
  position integer;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_ARGV[0] = 'user_id' THEN
    changed_id := changed.user_id;
  ELSIF TG_ARGV[0] = 'conversation_id' THEN
    changed_id := changed.conversation_id;
  ELSE
    changed_id := changed.id;
  END IF;
  FOR position IN 1 .. TG_NARGS - 1 LOOP
    INSERT INTO live_changes (resource, action, row_id)
    VALUES (TG_ARGV[position], CASE TG_OP WHEN 'INSERT' THEN 'created' WHEN 'UPDATE' THEN 'updated' ELSE 'deleted' END, changed_id);
  END LOOP;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_live_changes AFTER INSERT OR UPDATE OR DELETE ON bookings
FOR EACH ROW EXECUTE FUNCTION record_live_change('id', 'bookings');
--> statement-breakpoint
-- Hosts only, and only what the hosts' screens show: users are also written when the app sees them.
CREATE TRIGGER users_live_changes_insert AFTER INSERT ON users
FOR EACH ROW WHEN (NEW.is_host) EXECUTE FUNCTION record_live_change('id', 'hosts');
--> statement-breakpoint
CREATE TRIGGER users_live_changes_update AFTER UPDATE OF name, email, country, is_host, status_host, number_of_properties, phone, phone_country_code, property_address, about, profile_picture_url ON users
FOR EACH ROW WHEN (OLD.is_host OR NEW.is_host) EXECUTE FUNCTION record_live_change('id', 'hosts');
--> statement-breakpoint
CREATE TRIGGER users_live_changes_delete AFTER DELETE ON users
FOR EACH ROW WHEN (OLD.is_host) EXECUTE FUNCTION record_live_change('id', 'hosts');
--> statement-breakpoint
CREATE TRIGGER host_verifications_live_changes AFTER INSERT OR UPDATE OR DELETE ON host_verifications
FOR EACH ROW EXECUTE FUNCTION record_live_change('user_id', 'hosts');
--> statement-breakpoint
CREATE TRIGGER properties_live_changes AFTER INSERT OR UPDATE OR DELETE ON properties
FOR EACH ROW EXECUTE FUNCTION record_live_change('id', 'listings', 'property-approvals');
--> statement-breakpoint
CREATE TRIGGER feedbacks_live_changes AFTER INSERT OR UPDATE OR DELETE ON feedbacks
FOR EACH ROW EXECUTE FUNCTION record_live_change('id', 'feedbacks');
--> statement-breakpoint
CREATE TRIGGER host_interest_submissions_live_changes AFTER INSERT OR UPDATE OR DELETE ON host_interest_submissions
FOR EACH ROW EXECUTE FUNCTION record_live_change('id', 'host-information');
--> statement-breakpoint
CREATE TRIGGER email_subscribers_live_changes AFTER INSERT OR UPDATE OR DELETE ON email_subscribers
FOR EACH ROW EXECUTE FUNCTION record_live_change('id', 'email-subscribers');
--> statement-breakpoint
CREATE TRIGGER audit_events_live_changes AFTER INSERT ON audit_events
FOR EACH ROW EXECUTE FUNCTION record_live_change('id', 'activity');
--> statement-breakpoint
CREATE TRIGGER promos_live_changes AFTER INSERT OR UPDATE OR DELETE ON promos
FOR EACH ROW EXECUTE FUNCTION record_live_change('id', 'promos');
--> statement-breakpoint
CREATE TRIGGER conversations_live_changes AFTER INSERT OR UPDATE OR DELETE ON conversations
FOR EACH ROW EXECUTE FUNCTION record_live_change('id', 'chats');
--> statement-breakpoint
CREATE TRIGGER messages_live_changes AFTER INSERT OR UPDATE ON messages
FOR EACH ROW EXECUTE FUNCTION record_live_change('conversation_id', 'messages');
--> statement-breakpoint
CREATE TRIGGER administrators_live_changes AFTER INSERT OR UPDATE OF name, email, role, disabled_at OR DELETE ON administrators
FOR EACH ROW EXECUTE FUNCTION record_live_change('id', 'staff');
--> statement-breakpoint
CREATE TRIGGER admin_sessions_live_changes AFTER UPDATE OF revoked_at OR DELETE ON admin_sessions
FOR EACH ROW EXECUTE FUNCTION record_live_change('id', 'sessions');
--> statement-breakpoint
CREATE FUNCTION set_live_change_triggers(is_enabled boolean) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  entry record;
BEGIN
  FOR entry IN
    SELECT trigger_entry.tgname AS trigger_name, table_entry.relname AS table_name
    FROM pg_trigger trigger_entry
    JOIN pg_class table_entry ON table_entry.oid = trigger_entry.tgrelid
    WHERE table_entry.relnamespace = current_schema()::regnamespace AND trigger_entry.tgname LIKE '%\_live\_changes%'
  LOOP
    EXECUTE format('ALTER TABLE %I %s TRIGGER %I', entry.table_name, CASE WHEN is_enabled THEN 'ENABLE' ELSE 'DISABLE' END, entry.trigger_name);
  END LOOP;
END
$$;
