-- The lists' trigram search indexes take each change at once instead of in GIN's pending list
-- (decision 025). Every search reads a pending list whole until a vacuum merges it: under the
-- marketplace's writes (guests and hosts renamed, their properties' and bookings' copies rewritten)
-- the users' and properties' lists held 1,100 to 1,800 entries, and a bookings search ran at 0.54 of its
-- quiet rate. An embedded database has no autovacuum: its lists grew to 4 MB an index. The entries
-- already pending are merged here. Changing the setting rewrites nothing, so this is quick at any size.
ALTER INDEX "audit_events_reason_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "audit_events_entity_name_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "conversations_title_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "email_subscribers_email_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "feedbacks_comments_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "host_interest_search_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "properties_title_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "properties_address_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "properties_host_name_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "users_name_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "users_hosts_name_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "users_hosts_email_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
ALTER INDEX "users_email_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
SELECT gin_clean_pending_list('"audit_events_reason_trgm_idx"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"audit_events_entity_name_trgm_idx"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"conversations_title_trgm_idx"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"email_subscribers_email_trgm_idx"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"feedbacks_comments_trgm_idx"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"host_interest_search_trgm_idx"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"properties_title_trgm_idx"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"properties_address_trgm_idx"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"properties_host_name_trgm_idx"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"users_name_trgm_idx"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"users_hosts_name_trgm_idx"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"users_hosts_email_trgm_idx"'::regclass);--> statement-breakpoint
SELECT gin_clean_pending_list('"users_email_trgm_idx"'::regclass);
