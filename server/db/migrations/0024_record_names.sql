ALTER TABLE "audit_events" ADD COLUMN "entity_name" text;--> statement-breakpoint
-- The names of the records already in the trail (issue 28: Activity names the record as a person
-- reads it): the record's name now, or for a deleted host the name its deletion kept.
UPDATE audit_events SET entity_name = users.name FROM users WHERE audit_events.entity_type = 'host' AND users.id = audit_events.entity_id;--> statement-breakpoint
UPDATE audit_events SET entity_name = before ->> 'name' WHERE entity_type = 'host' AND entity_name IS NULL AND action = 'host.delete';--> statement-breakpoint
UPDATE audit_events SET entity_name = properties.title FROM properties WHERE audit_events.entity_type IN ('listing', 'property') AND properties.id = audit_events.entity_id;--> statement-breakpoint
UPDATE audit_events SET entity_name = promos.name FROM promos WHERE audit_events.entity_type = 'promo' AND promos.id = audit_events.entity_id;--> statement-breakpoint
UPDATE audit_events SET entity_name = administrators.name FROM administrators WHERE audit_events.entity_type = 'staff' AND administrators.id = audit_events.entity_id;--> statement-breakpoint
CREATE INDEX "audit_events_entity_name_trgm_idx" ON "audit_events" USING gin ("entity_name" gin_trgm_ops) WHERE entity_name IS NOT NULL;--> statement-breakpoint
-- Each new entry names its record as the record reads when the entry is written, unless the service
-- named it already (a deleted host, whose row is gone by then). One indexed read by primary key.
CREATE FUNCTION audit_events_entity_name() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.entity_name IS NULL THEN
    IF NEW.entity_type = 'host' THEN
      SELECT name INTO NEW.entity_name FROM users WHERE id = NEW.entity_id;
    ELSIF NEW.entity_type IN ('listing', 'property') THEN
      SELECT title INTO NEW.entity_name FROM properties WHERE id = NEW.entity_id;
    ELSIF NEW.entity_type = 'promo' THEN
      SELECT name INTO NEW.entity_name FROM promos WHERE id = NEW.entity_id;
    ELSIF NEW.entity_type = 'staff' THEN
      SELECT name INTO NEW.entity_name FROM administrators WHERE id = NEW.entity_id;
    END IF;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_events_entity_name BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION audit_events_entity_name();
