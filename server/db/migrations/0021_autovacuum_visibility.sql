-- Keep the visibility maps of the big tables fresh (decision 025). A deep page reads its ids from an
-- index alone only where the heap page is marked all-visible; every update of a booking (a guest's
-- renamed copy) clears that mark on its page, and the default autovacuum waits for 200,000 dead rows
-- in a million. After 15,000 updates a page at offset 150,000 read 88,734 heap rows instead of none.
-- Vacuum after a few thousand changes instead; an embedded database has no autovacuum and ignores this.
ALTER TABLE "bookings" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 2000, autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 10000, autovacuum_analyze_scale_factor = 0.02);--> statement-breakpoint
ALTER TABLE "users" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 2000, autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 10000);--> statement-breakpoint
ALTER TABLE "properties" SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 2000, autovacuum_vacuum_insert_scale_factor = 0, autovacuum_vacuum_insert_threshold = 10000);
