-- The bookings' Guest and Property sorts walk the joined table in name order and take each guest's
-- or property's bookings from an index, instead of sorting every booking: users get an index on
-- (name, id) (properties have one on (title, id)), and the bookings' guest and property indexes carry
-- the status, so a status filter is read from the index too.
CREATE INDEX "bookings_guest_status_idx" ON "bookings" USING btree ("guest_id","status","id");--> statement-breakpoint
CREATE INDEX "bookings_property_status_idx" ON "bookings" USING btree ("property_id","status","id");--> statement-breakpoint
CREATE INDEX "users_name_sort_idx" ON "users" USING btree ("name","id");--> statement-breakpoint
DROP INDEX "bookings_guest_idx";--> statement-breakpoint
DROP INDEX "bookings_property_idx";
