CREATE INDEX "email_subscribers_email_idx" ON "email_subscribers" USING btree ("email","id");--> statement-breakpoint
CREATE INDEX "host_interest_name_idx" ON "host_interest_submissions" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "host_interest_email_idx" ON "host_interest_submissions" USING btree ("email","id");