-- The bookings' date and amount sorts under a status filter, led by the status: a deep page of one
-- status walks that status's entries only, as the Guest and Property sorts do (decision 021). Each
-- costs a booking insert one index entry more (about 4 % of the insert rate for all five).
CREATE INDEX "bookings_status_check_in_idx" ON "bookings" USING btree ("status","check_in_date","id");--> statement-breakpoint
CREATE INDEX "bookings_status_check_in_desc_idx" ON "bookings" USING btree ("status","check_in_date" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bookings_status_check_out_idx" ON "bookings" USING btree ("status","check_out_date","id");--> statement-breakpoint
CREATE INDEX "bookings_status_check_out_desc_idx" ON "bookings" USING btree ("status","check_out_date" DESC NULLS LAST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "bookings_status_total_idx" ON "bookings" USING btree ("status","total","id");