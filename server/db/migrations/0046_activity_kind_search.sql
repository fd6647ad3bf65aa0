-- Activity searched under one kind of record (Hosts, Listings, Properties, Promos, Staff, Bookings):
-- `<kind>:<reason>` and `<kind>:<name>` by trigram, so the search reads that kind's matches alone
-- (server/modules/audit/audit.repository.ts, textMatches).
CREATE INDEX "audit_events_kind_reason_trgm_idx" ON "audit_events" USING gin (("entity_type" || ':' || "reason") gin_trgm_ops) WITH (fastupdate = off) WHERE reason IS NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_events_kind_name_trgm_idx" ON "audit_events" USING gin (("entity_type" || ':' || "entity_name") gin_trgm_ops) WITH (fastupdate = off) WHERE entity_name IS NOT NULL;