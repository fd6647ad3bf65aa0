CREATE TABLE "admin_sessions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"administrator_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "administrators" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT 'Administrator' NOT NULL,
	"password_hash" text NOT NULL,
	"password_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"administrator_id" integer,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" integer NOT NULL,
	"reason" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"guest_id" integer,
	"property_id" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"check_in_date" date,
	"check_out_date" date,
	"total" numeric(12, 2) DEFAULT 0 NOT NULL,
	"adult_count" smallint DEFAULT 1 NOT NULL,
	"children_count" smallint DEFAULT 0 NOT NULL,
	"is_pet_coming" boolean DEFAULT false NOT NULL,
	"is_cancelled" boolean DEFAULT false NOT NULL,
	"is_disputed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_status_check" CHECK (status IN ('confirmed', 'pending', 'cancelled', 'completed'))
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"property_id" integer,
	"title" text NOT NULL,
	"is_declined" boolean DEFAULT false NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"last_message_text" text,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_subscribers" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedbacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"rating" smallint NOT NULL,
	"comments" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedbacks_rating_check" CHECK (rating BETWEEN 1 AND 5)
);
--> statement-breakpoint
CREATE TABLE "host_interest_submissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "host_verifications" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"id_type" text NOT NULL,
	"country" text NOT NULL,
	"id_document_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" integer NOT NULL,
	"is_from_admin" boolean NOT NULL,
	"body" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promos" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"promo_code" text,
	"valid_until" date NOT NULL,
	"promo_value" smallint,
	"free_stays" smallint,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promos_kind_check" CHECK (kind IN ('guest', 'host_new_joiner', 'host_regular'))
);
--> statement-breakpoint
CREATE TABLE "properties" (
	"id" serial PRIMARY KEY NOT NULL,
	"host_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"price_per_night" numeric(10, 2) NOT NULL,
	"property_type" text NOT NULL,
	"place_type" text NOT NULL,
	"adult_count" smallint DEFAULT 1 NOT NULL,
	"children_count" smallint DEFAULT 0 NOT NULL,
	"check_in_time" text DEFAULT '14:00' NOT NULL,
	"check_out_time" text DEFAULT '11:00' NOT NULL,
	"is_wifi" boolean DEFAULT false NOT NULL,
	"is_tv" boolean DEFAULT false NOT NULL,
	"is_kitchen" boolean DEFAULT false NOT NULL,
	"is_washer" boolean DEFAULT false NOT NULL,
	"is_free_parking" boolean DEFAULT false NOT NULL,
	"is_paid_parking" boolean DEFAULT false NOT NULL,
	"is_ac" boolean DEFAULT false NOT NULL,
	"is_workspace" boolean DEFAULT false NOT NULL,
	"is_pet_allowed" boolean DEFAULT false NOT NULL,
	"is_request_booking" boolean DEFAULT false NOT NULL,
	"is_cancellation_allowed" boolean DEFAULT false NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"listing_status" text DEFAULT 'Pending' NOT NULL,
	"listing_decline_reason" text,
	"approval_status" text DEFAULT 'pending' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "properties_listing_status_check" CHECK (listing_status IN ('Pending', 'Approved', 'Declined', 'Rejected', 'Pending For Verification')),
	CONSTRAINT "properties_approval_status_check" CHECK (approval_status IN ('pending', 'confirmed', 'declined'))
);
--> statement-breakpoint
CREATE TABLE "property_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"property_id" integer NOT NULL,
	"url" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"is_host" boolean DEFAULT false NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone_country_code" text,
	"phone" text,
	"property_address" text,
	"about" text,
	"country" text,
	"profile_picture_url" text,
	"status_host" text DEFAULT 'Pending' NOT NULL,
	"number_of_properties" integer DEFAULT 0 NOT NULL,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_status_host_check" CHECK (status_host IN ('Pending', 'Confirmed', 'Rejected'))
);
--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD CONSTRAINT "admin_sessions_administrator_id_administrators_id_fk" FOREIGN KEY ("administrator_id") REFERENCES "public"."administrators"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_administrator_id_administrators_id_fk" FOREIGN KEY ("administrator_id") REFERENCES "public"."administrators"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_guest_id_users_id_fk" FOREIGN KEY ("guest_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedbacks" ADD CONSTRAINT "feedbacks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "host_verifications" ADD CONSTRAINT "host_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "property_images" ADD CONSTRAINT "property_images_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_sessions_token_hash_key" ON "admin_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "admin_sessions_administrator_idx" ON "admin_sessions" USING btree ("administrator_id");--> statement-breakpoint
CREATE UNIQUE INDEX "administrators_email_key" ON "administrators" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" USING btree ("entity_type","entity_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bookings_status_idx" ON "bookings" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "bookings_guest_idx" ON "bookings" USING btree ("guest_id");--> statement-breakpoint
CREATE INDEX "bookings_property_idx" ON "bookings" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "bookings_check_in_idx" ON "bookings" USING btree ("check_in_date","id");--> statement-breakpoint
CREATE INDEX "bookings_check_out_idx" ON "bookings" USING btree ("check_out_date","id");--> statement-breakpoint
CREATE INDEX "bookings_total_idx" ON "bookings" USING btree ("total","id");--> statement-breakpoint
CREATE INDEX "conversations_last_message_idx" ON "conversations" USING btree ("last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_title_trgm_idx" ON "conversations" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "email_subscribers_email_key" ON "email_subscribers" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "email_subscribers_created_idx" ON "email_subscribers" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "email_subscribers_email_trgm_idx" ON "email_subscribers" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "feedbacks_created_idx" ON "feedbacks" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "feedbacks_user_idx" ON "feedbacks" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "feedbacks_comments_trgm_idx" ON "feedbacks" USING gin ("comments" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "host_interest_created_idx" ON "host_interest_submissions" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "host_interest_search_trgm_idx" ON "host_interest_submissions" USING gin (("name" || ' ' || "email" || ' ' || "phone" || ' ' || "address") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "messages_conversation_idx" ON "messages" USING btree ("conversation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "promos_kind_key" ON "promos" USING btree ("kind");--> statement-breakpoint
CREATE UNIQUE INDEX "promos_code_key" ON "promos" USING btree (upper("promo_code"));--> statement-breakpoint
CREATE INDEX "properties_host_idx" ON "properties" USING btree ("host_id");--> statement-breakpoint
CREATE INDEX "properties_created_idx" ON "properties" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "properties_title_idx" ON "properties" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "properties_address_idx" ON "properties" USING btree ("address","id");--> statement-breakpoint
CREATE INDEX "properties_listing_status_idx" ON "properties" USING btree ("listing_status","id");--> statement-breakpoint
CREATE INDEX "properties_approval_status_idx" ON "properties" USING btree ("approval_status","id");--> statement-breakpoint
CREATE INDEX "properties_title_trgm_idx" ON "properties" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "properties_address_trgm_idx" ON "properties" USING gin ("address" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "property_images_property_idx" ON "property_images" USING btree ("property_id","position");--> statement-breakpoint
CREATE INDEX "users_hosts_id_idx" ON "users" USING btree ("id") WHERE is_host;--> statement-breakpoint
CREATE INDEX "users_hosts_name_idx" ON "users" USING btree ("name","id") WHERE is_host;--> statement-breakpoint
CREATE INDEX "users_hosts_email_idx" ON "users" USING btree ("email","id") WHERE is_host;--> statement-breakpoint
CREATE INDEX "users_hosts_status_idx" ON "users" USING btree ("status_host","id") WHERE is_host;--> statement-breakpoint
CREATE INDEX "users_hosts_properties_idx" ON "users" USING btree ("number_of_properties","id") WHERE is_host;--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);