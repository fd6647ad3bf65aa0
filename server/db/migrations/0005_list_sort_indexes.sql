DROP INDEX "bookings_guest_idx";--> statement-breakpoint
DROP INDEX "bookings_property_idx";--> statement-breakpoint
CREATE INDEX "feedbacks_rating_idx" ON "feedbacks" USING btree ("rating","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "feedbacks_rating_desc_idx" ON "feedbacks" USING btree ("rating" DESC NULLS FIRST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "users_hosts_name_sort_idx" ON "users" USING btree (("name" IS NULL OR "name" = ''),"name","id") WHERE is_host;--> statement-breakpoint
CREATE INDEX "users_hosts_name_sort_desc_idx" ON "users" USING btree (("name" IS NULL OR "name" = ''),"name" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE is_host;--> statement-breakpoint
CREATE INDEX "users_hosts_email_sort_idx" ON "users" USING btree (("email" IS NULL OR "email" = ''),"email","id") WHERE is_host;--> statement-breakpoint
CREATE INDEX "users_hosts_email_sort_desc_idx" ON "users" USING btree (("email" IS NULL OR "email" = ''),"email" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE is_host;--> statement-breakpoint
CREATE INDEX "bookings_guest_idx" ON "bookings" USING btree ("guest_id","id");--> statement-breakpoint
CREATE INDEX "bookings_property_idx" ON "bookings" USING btree ("property_id","id");